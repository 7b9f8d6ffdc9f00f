"""The coach: the guided deal, the first-time tips, the bubbles that point at the table,
the Hint / Undo / Look back controls, and the analysis line opened on the table."""
