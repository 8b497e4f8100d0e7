"""rules.read_scope: the read-only scope both Stargate's and Babylon 5's number readers open."""
import threading

from rules.read_scope import read_only


def test_a_nested_scope_on_the_same_state_shares_the_cache_and_another_state_hides_it():
    local = threading.local()
    a, b = {}, {}
    with read_only(local, a):
        outer = local.scope
        outer[1]["k"] = 1
        with read_only(local, a):
            assert local.scope is outer
        with read_only(local, b):
            assert local.scope[0] is b and local.scope[1] == {}
        assert local.scope is outer
    assert local.scope is None


def test_a_scope_is_per_thread():
    local = threading.local()
    seen = []
    with read_only(local, {}):
        t = threading.Thread(target=lambda: seen.append(getattr(local, "scope", None)))
        t.start()
        t.join()
    assert seen == [None]


def test_absent_is_known_only_while_applying_that_state():
    from rules.read_scope import ApplyingScope

    scope = ApplyingScope()
    state = {"cards": {"a": {"guid": "G1"}, "b": {"guid": "G2"}}}
    assert scope.absent(state, {"G9"}) is False  # outside the block: not known
    with scope.applying(state):
        assert scope.absent(state, {"G9"}) is True
        assert scope.absent(state, {"G2", "G9"}) is False
        assert scope.absent({"cards": {}}, {"G9"}) is False  # another state: not known
        with scope.applying(state):
            assert scope.guids == {"G1", "G2"}  # nested on the same state: gathered once
    assert scope.state is None and scope.guids is None
