#ifndef MOVIES_CCURL_SHIM_H
#define MOVIES_CCURL_SHIM_H

#include <curl/curl.h>

// Swift cannot call C variadic functions, so each curl_easy_setopt, curl_easy_getinfo and
// curl_multi_setopt the engine needs gets a fixed-argument wrapper, one per argument type.

typedef size_t (*movies_curl_data_fn)(char *, size_t, size_t, void *);

static inline CURLcode movies_curl_set_long(CURL *easy, CURLoption option, long value) {
  return curl_easy_setopt(easy, option, value);
}

static inline CURLcode movies_curl_set_string(CURL *easy, CURLoption option, const char *value) {
  return curl_easy_setopt(easy, option, value);
}

static inline CURLcode movies_curl_set_pointer(CURL *easy, CURLoption option, void *value) {
  return curl_easy_setopt(easy, option, value);
}

static inline CURLcode movies_curl_set_data_fn(CURL *easy, CURLoption option,
                                               movies_curl_data_fn fn) {
  return curl_easy_setopt(easy, option, fn);
}

static inline CURLcode movies_curl_get_long(CURL *easy, CURLINFO info, long *value) {
  return curl_easy_getinfo(easy, info, value);
}

static inline CURLcode movies_curl_get_string(CURL *easy, CURLINFO info, char **value) {
  return curl_easy_getinfo(easy, info, value);
}

static inline CURLMcode movies_curl_multi_set_long(CURLM *multi, CURLMoption option, long value) {
  return curl_multi_setopt(multi, option, value);
}

// CURLMsg's result sits in a union Swift imports awkwardly; read it here.
static inline CURLcode movies_curl_msg_result(const CURLMsg *message) {
  return message->data.result;
}

#endif
