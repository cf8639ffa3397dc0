"""Reading and checking map files: YAML to a GameMap and its board layout."""
