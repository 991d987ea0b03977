"""The Ming engine before its tables, kept to check the engine against."""
