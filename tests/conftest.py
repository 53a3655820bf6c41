"""What every test shares.

Servers in tests get generous waits: on a busy two-core CI machine a fresh server's first table creation
(which starts the setup workers) has taken more than httpx's default 5 s. Tests that measure a timeout
pass their own `timeout=`; everything else waits as long as a patient person would.

Every one-off call (`httpx.get(...)`) also shares one TLS context: httpx otherwise builds a new one for each call,
loading the whole certificate bundle (about 20 ms quiet, 90 ms at load 10) even for the plain-http test servers
every test here talks to; the shared context verifies exactly as a fresh default one would.
"""

import httpx

GENEROUS = httpx.Timeout(60.0)
TLS = httpx.create_ssl_context()

for _call in (httpx.request, httpx.get, httpx.post, httpx.put, httpx.patch, httpx.delete, httpx.head, httpx.options):
    _call.__kwdefaults__["timeout"] = GENEROUS
    _call.__kwdefaults__["verify"] = TLS
