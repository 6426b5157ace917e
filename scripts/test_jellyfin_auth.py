"""Tests for the sign-in of scripts/jellyfin-server.py (jellyfin_auth.py).

    python3 -m unittest discover -s scripts -p 'test_*.py'

A user name and password give a token as Jellyfin's AuthenticateByName does, a wrong one
gets Jellyfin's 401 body, Logout ends the token, and the log never holds the password or
the token.
"""

import json
import tempfile
import unittest
import urllib.error
import urllib.request
from pathlib import Path

from local_server import start_for_test

HERE = Path(__file__).resolve().parent
CSV = HERE.parent / "Tests" / "Data" / "imdb-movies.csv"
CLIENT = 'MediaBrowser Client="movies", Device="test", DeviceId="dev-1", Version="1.0"'


class JellyfinAuthTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.addClassCleanup(cls.tmp.cleanup)
        cls.log_path = Path(cls.tmp.name) / "requests.log"
        cls.base = start_for_test("jellyfin-server.py", cls.addClassCleanup, "--csv", str(CSV),
                                  "--limit", "5", "--log", str(cls.log_path))

    def request(self, method, path, authorization, body=None):
        """(status, content type, body bytes)."""
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Authorization": authorization,
                                                  "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as r:
                return r.status, r.headers.get("Content-Type"), r.read()
        except urllib.error.HTTPError as e:
            with e:
                return e.code, e.headers.get("Content-Type"), e.read()

    def sign_in(self, name, password, authorization=CLIENT):
        return self.request("POST", "/Users/AuthenticateByName", authorization,
                            {"Username": name, "Pw": password})

    def test_a_wrong_password_or_user_is_jellyfins_401(self):
        for name, password in [("alice", "wrong"), ("nobody", "alice-password"), ("alice", None)]:
            status, ctype, body = self.sign_in(name, password)
            self.assertEqual(status, 401)
            self.assertTrue(ctype.startswith("text/plain"))
            self.assertEqual(body, b"Error processing request.")

    def test_a_sign_in_without_a_client_is_refused(self):
        status, _, _ = self.sign_in("alice", "alice-password", 'MediaBrowser Device="x"')
        self.assertEqual(status, 400)

    def test_a_token_for_the_user_until_logout(self):
        status, _, body = self.sign_in("Alice", "alice-password")
        self.assertEqual(status, 200)
        result = json.loads(body)
        token, user = result["AccessToken"], result["User"]
        self.assertEqual(user["Name"], "alice")
        self.assertEqual(result["SessionInfo"]["UserId"], user["Id"])
        self.assertEqual(result["SessionInfo"]["DeviceId"], "dev-1")
        with_token = f'{CLIENT}, Token="{token}"'
        status, _, me = self.request("GET", "/Users/Me", with_token)
        self.assertEqual((status, json.loads(me)["Id"]), (200, user["Id"]))
        self.assertEqual(self.request("POST", "/Sessions/Logout", with_token)[0], 204)
        self.assertEqual(self.request("GET", "/Users/Me", with_token)[0], 401)
        log = self.log_path.read_text()
        self.assertNotIn("alice-password", log)
        self.assertNotIn(token, log)
        self.assertIn('"signed_in":', log)


if __name__ == "__main__":
    unittest.main()
