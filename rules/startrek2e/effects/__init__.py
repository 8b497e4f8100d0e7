"""The Star Trek CCG 2E effect language: schema (validator) and interpreter (see ../EFFECTS.md)."""
