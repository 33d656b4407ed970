#!/usr/bin/env python3
"""Sync the members of a partner key's organisations (docs/partner-api.md, "Worked example").

Python 3.8 or later, standard library only:

    EMS_URL=https://portal.example.org EMS_PARTNER_KEY=ems_... python3 sync-members.py members.cursor

The first run reads every member (or, with UPDATED_SINCE=2026-01-01T00:00:00Z, those changed
since); each run prints one JSON line per member to stdout and keeps the last page's endCursor in
the state file, so the next run prints exactly what changed since. A run that stops half-way goes
on from the last page it finished.
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


def members_page(variables):
    body = json.dumps({"query": MEMBERS, "variables": variables}).encode()
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
        return answer["data"]["partner"]["members"]
    raise SystemExit("gave up after 5 attempts")


def main():
    try:
        with open(STATE_FILE) as state:
            after = state.read().strip() or None
    except FileNotFoundError:
        after = None
    count = 0
    while True:
        page = members_page({"first": PAGE_SIZE, "after": after, "filter": FILTER})
        for edge in page["edges"]:
            sys.stdout.write(json.dumps(edge["node"]) + "\n")
            count += 1
        after = page["pageInfo"]["endCursor"]
        if after:
            with open(STATE_FILE, "w") as state:
                state.write(after)
        if not page["pageInfo"]["hasNextPage"]:
            break
    sys.stderr.write("%d members; the next run starts after the cursor in %s\n" % (count, STATE_FILE))


if __name__ == "__main__":
    main()
