"""Saves under faults: full disks, read-only folders, killed writers."""
