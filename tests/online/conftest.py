import sys


def pytest_terminal_summary(terminalreporter):
    """The hostile-peer soak's counts (cases per attack, refused, the hostile seat named,
    how each case ended), when it ran (its module is loaded only then)."""
    hostile = sys.modules.get("tests.online.hostile")
    lines = hostile.report() if hostile is not None else []
    if lines:
        terminalreporter.section("hostile peer soak (one guest's crafted messages)")
        for line in lines:
            terminalreporter.write_line(line)
