#!/usr/bin/env python3
"""Sync the members of a partner key's organisations (docs/partner-api.md, "Worked example").

Python 3.8 or later, standard library only:

    EMS_URL=https://portal.example.org EMS_PARTNER_KEY=ems_... python3 sync-members.py members.cursor

The first run reads every member (or, with UPDATED_SINCE=2026-01-01T00:00:00Z, those changed
since); each run prints one JSON line per member to stdout and keeps the last page's endCursor in
the state file, so the next run prints exactly what changed since. Before the members it prints a
line {"removed": ...} for each member who left one of the key's organisations (keep that cursor in
<state file>.removals). A run that stops half-way goes on from the last page it finished.
"""
import json
import os
import sys
import time
import urllib.error
import urllib.request

ENDPOINT = os.environ.get("EMS_URL", "http://localhost:4000").rstrip("/") + "/graphql"
KEY = os.environ["EMS_PARTNER_KEY"]
STATE_FILE = sys.argv[1] if len(sys.argv) > 1 else "members.cursor"
PAGE_SIZE = int(os.environ.get("PAGE_SIZE", "500"))
FILTER = {"updatedSince": os.environ["UPDATED_SINCE"]} if os.environ.get("UPDATED_SINCE") else None

MEMBERS = """query Members($first: Int!, $after: String, $filter: MemberFilter) {
  partner {
    members(first: $first, after: $after, filter: $filter) {
      edges {
        node {
          id
          updatedAt
          personalData { firstName lastName email dateOfBirth }
          memberships { id organisationId periodId status membershipNumber membershipTypeCode }
          householdLinks { householdId memberId relationship }
        }
      }
      pageInfo { hasNextPage endCursor }
    }
  }
}"""

REMOVALS = """query Removals($first: Int!, $after: String, $filter: RemovalFilter) {
  partner {
    removals(first: $first, after: $after, filter: $filter) {
      edges { node { kind id organisationId removedAt } }
      pageInfo { hasNextPage endCursor }
    }
  }
}"""


def page(query, list_name, variables):
    body = json.dumps({"query": query, "variables": variables}).encode()
    for attempt in range(1, 6):
        request = urllib.request.Request(
            ENDPOINT,
            data=body,
            method="POST",
            headers={"Authorization": "ApiKey " + KEY, "Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                answer = json.load(response)
        except urllib.error.HTTPError as error:
            # The key's rate limit (429) says when to come back; a router that cannot reach a service (502) is worth a few retries.
            if error.code in (429, 502) and attempt < 5:
                time.sleep(int(error.headers.get("Retry-After") or attempt))
                continue
            raise SystemExit("HTTP %d: %s" % (error.code, error.read().decode()))
        if answer.get("errors"):
            raise SystemExit("errors: %s" % json.dumps(answer["errors"]))
        return answer["data"]["partner"][list_name]
    raise SystemExit("gave up after 5 attempts")


def sync(query, list_name, cursor_file, filter_, show):
    """Pages through one list from the cursor kept in cursor_file, printing each node; returns how many."""
    try:
        with open(cursor_file) as state:
            after = state.read().strip() or None
    except FileNotFoundError:
        after = None
    count = 0
    while True:
        current = page(query, list_name, {"first": PAGE_SIZE, "after": after, "filter": filter_})
        for edge in current["edges"]:
            sys.stdout.write(json.dumps(show(edge["node"])) + "\n")
            count += 1
        after = current["pageInfo"]["endCursor"]
        if after:
            with open(cursor_file, "w") as state:
                state.write(after)
        if not current["pageInfo"]["hasNextPage"]:
            return count


def main():
    removals_filter = dict(FILTER or {}, kinds=["MEMBER"])
    removed = sync(REMOVALS, "removals", STATE_FILE + ".removals", removals_filter, lambda node: {"removed": node})
    members = sync(MEMBERS, "members", STATE_FILE, FILTER, lambda node: node)
    sys.stderr.write(
        "%d members, %d removed; the next run starts after the cursors in %s(.removals)\n" % (members, removed, STATE_FILE)
    )


if __name__ == "__main__":
    main()
