"""Fair dealing: three devices shuffle and deal so that each sees only the cards its seat
may see, and every deal is audited at its end (docs/FAIR_DEALING.md).

Modules, one job each: group (the group operations, libsodium; page_group is the page's
twin, as ES module text), draws (every secret a seat draws, from one seed by label),
prepare (card points and per-deal secrets, made ahead in slices), messages
(what travels, the in-memory hub), rulebook (the public checks of every message, made
alike on receipt and by the audit), device (one seat's side of the protocol), tracker (the
seat's View without a referee), dues (what each seat owes the deal now: what deadlines
time), audit (the end-of-deal replay), breach (the verdict and the house rule), local
(three devices on one machine, for tests and the benchmark).
"""
