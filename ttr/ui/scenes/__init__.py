"""The scenes of the window app."""
