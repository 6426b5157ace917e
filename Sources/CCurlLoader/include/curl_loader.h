#ifndef MOVIES_CURL_LOADER_H
#define MOVIES_CURL_LOADER_H

#include <curl/curl.h>

// libcurl, opened when the first transfer starts rather than when the program does: loading it
// and what it links (GnuTLS, Kerberos, LDAP, libssh2 and their constructors) took 4.4 ms of CPU
// at every start, a third of the offline catalogue's start-up, which needs no network. The
// engine (CurlMulti) calls movies_curl_load() once, and the rest only after it succeeded.

/// Opens libcurl.so.4, looks up each function below and runs curl_global_init, once per
/// process. NULL when libcurl is ready, else why it is not (for an error message).
const char *movies_curl_load(void);

CURL *movies_curl_easy_init(void);
void movies_curl_easy_cleanup(CURL *easy);
const char *movies_curl_easy_strerror(CURLcode code);
CURLM *movies_curl_multi_init(void);
CURLMcode movies_curl_multi_cleanup(CURLM *multi);
CURLMcode movies_curl_multi_wakeup(CURLM *multi);
CURLMcode movies_curl_multi_add_handle(CURLM *multi, CURL *easy);
CURLMcode movies_curl_multi_remove_handle(CURLM *multi, CURL *easy);
CURLMcode movies_curl_multi_perform(CURLM *multi, int *running);
CURLMcode movies_curl_multi_poll(CURLM *multi, struct curl_waitfd extra[], unsigned int count,
                                 int timeout_ms, int *ready);
CURLMsg *movies_curl_multi_info_read(CURLM *multi, int *left);
const char *movies_curl_multi_strerror(CURLMcode code);
struct curl_slist *movies_curl_slist_append(struct curl_slist *list, const char *text);
void movies_curl_slist_free_all(struct curl_slist *list);

// Swift cannot call C variadic functions, so each curl_easy_setopt, curl_easy_getinfo and
// curl_multi_setopt the engine needs gets a fixed-argument wrapper, one per argument type.

typedef size_t (*movies_curl_data_fn)(char *, size_t, size_t, void *);

CURLcode movies_curl_set_long(CURL *easy, CURLoption option, long value);
CURLcode movies_curl_set_string(CURL *easy, CURLoption option, const char *value);
CURLcode movies_curl_set_pointer(CURL *easy, CURLoption option, void *value);
CURLcode movies_curl_set_data_fn(CURL *easy, CURLoption option, movies_curl_data_fn fn);
CURLcode movies_curl_get_long(CURL *easy, CURLINFO info, long *value);
CURLcode movies_curl_get_string(CURL *easy, CURLINFO info, char **value);
CURLMcode movies_curl_multi_set_long(CURLM *multi, CURLMoption option, long value);

// CURLMsg's result sits in a union Swift imports awkwardly; read it here.
static inline CURLcode movies_curl_msg_result(const CURLMsg *message) {
  return message->data.result;
}

#endif
