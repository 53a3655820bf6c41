"""What every test shares.

Servers in tests get generous waits: on a busy two-core CI machine a fresh server's first table creation
(which starts the setup workers) has taken more than httpx's default 5 s. Tests that measure a timeout
pass their own `timeout=`; everything else waits as long as a patient person would.
"""

import httpx

GENEROUS = httpx.Timeout(60.0)

for _call in (httpx.request, httpx.get, httpx.post, httpx.put, httpx.patch, httpx.delete, httpx.head, httpx.options):
    _call.__kwdefaults__["timeout"] = GENEROUS
