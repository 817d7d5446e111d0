"""The site's build, one module per job; `build.py` at the repository root is the command.

    common     paths, the build's error, logging, hashing, running a tool
    pins       the pinned Pyodide and micropip: fetched, sha256-checked, unpacked
    wheel      the engine wheel (reproducible), and asking the engine from it
    precompile the trimmed stdlib and the wheel's bytecode, made in Pyodide under Node
    icons      the installable app's manifest and icons (tools/app_icons.py), cached
    parts      the page shell: web/parts/ expanded into every page
    assets     web/ into dist/: hashed assets, pages rewritten, precomputed boards
    precache   the service worker's precache manifest
    dist       the whole build: freshness, the lock, build() and its steps
    headers    the site's HTTP headers and content security policy; netlify.toml
    serve      the local HTTP server (the dev server, the tests, the benchmarks)

Standard library only.
"""
