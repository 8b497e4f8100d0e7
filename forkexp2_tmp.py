import rules, random, json
from rules import forks
from rules.errors import ForkUnavailable
from rules.protocol import shown_cards, JUDGE
FACE=("guid","def","title","card")
def nodes(x, skip_cards=True, top=True):
    if isinstance(x, dict):
        yield x
        for k,v in x.items():
            if top and k=="cards": continue
            yield from nodes(v, top=False)
    elif isinstance(x, list):
        for v in x: yield from nodes(v, top=False)
for gid in ["stargate","startrek2e","babylon5"]:
    g = rules.get_game(gid)
    decks = g.starter_decks()
    seats=[{"name":f"p{i}","deck":decks[i%len(decks)]["id"]} for i in range(2)]
    cfg = g.build_config(g.default_ruleset, seats)
    s = g.setup(cfg, "s3"); r = random.Random("s3"); v=0
    ok=bad=leak=diff=0
    while g.outcome(s) is None and v < 300:
        if v % 9 == 0:
            for seat in (0,1):
                try: f = forks.redraw_for_seat(g, s, seat, "fresh")
                except ForkUnavailable: continue
                if g.view(f, seat) != g.view(s, seat): bad+=1
                else: ok+=1
                unk = set(s["cards"]) - shown_cards(g.view(s, seat))
                if any(s["cards"][i] != f["cards"][i] for i in unk): diff+=1
                for n in nodes(f):
                    for k,val in n.items():
                        if isinstance(val,str) and val in unk and any(fk in n and fk!=k and isinstance(n[fk], str) for fk in FACE):
                            leak+=1; 
                            if leak<3: print("leak?", gid, v, n)
        st = g.deciding_seats(s)[0]
        s = g.apply(s, {"seat":st,"type":"action","payload":r.choice(g.legal_actions(s, st))}); v+=1
    print(gid, "ok",ok,"viewdiff",bad,"differs",diff,"leak",leak)
