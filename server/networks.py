"""Trusted-proxy networks as settings name them; kept apart from ratelimit.py so that reading the
settings does not import the rate-limit libraries (a one-shot `arbiter ask` never uses them)."""
from __future__ import annotations

import ipaddress
from typing import Iterable

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_networks(entries: Iterable[str]) -> tuple[Network, ...]:
    """Addresses or networks (10.0.0.0/8, ::1) as networks; ValueError names a bad entry."""
    out = []
    for entry in entries:
        try:
            out.append(ipaddress.ip_network(entry.strip(), strict=False))
        except ValueError as e:
            raise ValueError(f"not an IP address or network: {entry!r}") from e
    return tuple(out)
