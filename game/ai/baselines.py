"""Declarer's mean simulated points per contract on a random deal (tools/ai/baselines.py)."""

BASELINE = {'standard': {'S': -1.269, 'H': -1.276, 'D': -1.305, 'C': -1.28, 'NT': -2.219, 'MT': -0.555}, 'blato': {'S': -1.262, 'H': -1.27, 'D': -1.296, 'C': -1.273, 'NT': -2.219, 'MT': -0.555}}
