"""Screenshots and contact sheets of features, for review and the docs."""
