"""Reading arsim's run folders and drawing the papers' figures (`make reproduce`).

readers.py reads every file a run writes (one function per file), stats.py holds the 95 %
interval aggregate.csv uses, common.py makes figures without pyplot; the other modules draw with
plot_*(ax, data, ...) functions and write the report sections. Run a module from the source root:
`/usr/bin/python3 -m analysis.reproduce`, `-m analysis.gangmatch DIR`, ...
"""
