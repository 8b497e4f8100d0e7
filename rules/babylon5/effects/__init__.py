"""The Babylon 5 effect language (``../EFFECTS.md``): schema and interpreter."""
