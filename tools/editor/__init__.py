"""The map editor: model (doc, model, analysis) without pygame; input and view with it."""
