"""Files on disk: folders, saves, the autosave, statistics."""
