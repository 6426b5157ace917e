"""Signing in to scripts/jellyfin-server.py with a user name and password, as Jellyfin's own
clients do (shapes from Jellyfin's OpenAPI document: AuthenticateUserByName,
AuthenticationResult, UserDto, SessionInfoDto; errors as its ExceptionMiddleware writes them).

    POST /Users/AuthenticateByName   {"Username": "…", "Pw": "…"}, with
                                     `Authorization: MediaBrowser Client="…", Device="…",
                                     DeviceId="…", Version="…"` and no token:
                                     200 AuthenticationResult, with a new token for the user;
                                     401 text/plain "Error processing request." for a wrong
                                     user name or password (Jellyfin does not say which);
                                     400 the same way without Client (request.App is null)
    POST /Sessions/Logout            204: the token's session ends, and the token with it

Passwords: alice "alice-password", bob "bob-password". A token from a sign-in is logged as
`"signed_in": N` (the Nth sign-in), never as itself; the password is logged as "(given)".
"""

import secrets
import threading

from jellyfin_library import SERVER_ID

PASSWORDS = {"alice": "alice-password", "bob": "bob-password"}
ERROR_BODY = b"Error processing request."

_lock = threading.Lock()
_sign_ins = {}  # token -> (number, user)


def sign_in_number(token):
    """Which sign-in gave `token` (1, 2, …), or None."""
    with _lock:
        entry = _sign_ins.get(token)
    return entry[0] if entry else None


def route_post(handler, problem):
    """Answers the two paths; False for any other."""
    path = handler.req_path
    if path.lower() == "/users/authenticatebyname":
        authenticate(handler)
        return True
    if path.lower() == "/sessions/logout":
        logout(handler, problem)
        return True
    return False


def authenticate(handler):
    body = handler.body if isinstance(handler.body, dict) else {}
    name, password = body.get("Username"), body.get("Pw")
    if "Pw" in body:
        handler.body = {**body, "Pw": "(given)"}  # the log never holds it
    if not (handler.auth or {}).get("Client"):
        handler.send_body(400, "text/plain", ERROR_BODY)
        return
    srv = handler.server
    user = next((u for u in srv.users if isinstance(name, str)
                 and u.name.lower() == name.lower()), None)
    if user is None or PASSWORDS.get(user.name) != password:
        handler.send_body(401, "text/plain", ERROR_BODY)
        return
    token = secrets.token_hex(16)
    with _lock:
        _sign_ins[token] = (len(_sign_ins) + 1, user)
        srv.users_by_token[token] = user
    auth = handler.auth
    session = {
        "Id": secrets.token_hex(16), "UserId": user.id, "UserName": user.name,
        "Client": auth.get("Client"), "DeviceName": auth.get("Device"),
        "DeviceId": auth.get("DeviceId"), "ApplicationVersion": auth.get("Version"),
        "IsActive": True, "ServerId": SERVER_ID,
    }
    handler.send_json(200, {"User": user.dto(), "SessionInfo": session, "AccessToken": token,
                            "ServerId": SERVER_ID})


def logout(handler, problem):
    handler.authorize()  # 401 without a valid token
    token = handler.auth.get("Token")
    handler.send_body(204, "text/plain", b"")  # logged while the token is still valid
    with _lock:
        if token in _sign_ins:
            handler.server.users_by_token.pop(token, None)
