#include "curl_loader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// The functions the engine calls, looked up in libcurl.so.4 once (pthread_once), and then only
// read: movies_curl_load's success comes before any other call.
static struct {
  CURLcode (*global_init)(long);
  CURL *(*easy_init)(void);
  void (*easy_cleanup)(CURL *);
  const char *(*easy_strerror)(CURLcode);
  CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
  CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
  CURLM *(*multi_init)(void);
  CURLMcode (*multi_cleanup)(CURLM *);
  CURLMcode (*multi_wakeup)(CURLM *);
  CURLMcode (*multi_add_handle)(CURLM *, CURL *);
  CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
  CURLMcode (*multi_perform)(CURLM *, int *);
  CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd[], unsigned int, int, int *);
  CURLMsg *(*multi_info_read)(CURLM *, int *);
  const char *(*multi_strerror)(CURLMcode);
  CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
  struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
  void (*slist_free_all)(struct curl_slist *);
} curl;

static pthread_once_t loaded = PTHREAD_ONCE_INIT;
static const char *failure;
static char failure_text[512];

static int look_up(void *library, void **slot, const char *name) {
  *slot = dlsym(library, name);
  if (*slot) return 1;
  snprintf(failure_text, sizeof failure_text, "libcurl.so.4 has no %s", name);
  failure = failure_text;
  return 0;
}

static void load(void) {
  // RTLD_LOCAL: nothing else resolves against it. Never closed: transfers run until exit.
  void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *reason = dlerror();
    snprintf(failure_text, sizeof failure_text, "%s", reason ? reason : "libcurl.so.4 not found");
    failure = failure_text;
    return;
  }
#define LOOK_UP(field) \
  if (!look_up(library, (void **)&curl.field, "curl_" #field)) return
  LOOK_UP(global_init);
  LOOK_UP(easy_init);
  LOOK_UP(easy_cleanup);
  LOOK_UP(easy_strerror);
  LOOK_UP(easy_setopt);
  LOOK_UP(easy_getinfo);
  LOOK_UP(multi_init);
  LOOK_UP(multi_cleanup);
  LOOK_UP(multi_wakeup);
  LOOK_UP(multi_add_handle);
  LOOK_UP(multi_remove_handle);
  LOOK_UP(multi_perform);
  LOOK_UP(multi_poll);
  LOOK_UP(multi_info_read);
  LOOK_UP(multi_strerror);
  LOOK_UP(multi_setopt);
  LOOK_UP(slist_append);
  LOOK_UP(slist_free_all);
#undef LOOK_UP
  CURLcode status = curl.global_init(CURL_GLOBAL_DEFAULT);
  if (status != CURLE_OK) {
    snprintf(failure_text, sizeof failure_text, "curl_global_init failed: %s",
             curl.easy_strerror(status));
    failure = failure_text;
  }
}

const char *movies_curl_load(void) {
  pthread_once(&loaded, load);
  return failure;
}

CURL *movies_curl_easy_init(void) { return curl.easy_init(); }
void movies_curl_easy_cleanup(CURL *easy) { curl.easy_cleanup(easy); }
const char *movies_curl_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }
CURLM *movies_curl_multi_init(void) { return curl.multi_init(); }
CURLMcode movies_curl_multi_cleanup(CURLM *multi) { return curl.multi_cleanup(multi); }
CURLMcode movies_curl_multi_wakeup(CURLM *multi) { return curl.multi_wakeup(multi); }
CURLMcode movies_curl_multi_add_handle(CURLM *multi, CURL *easy) {
  return curl.multi_add_handle(multi, easy);
}
CURLMcode movies_curl_multi_remove_handle(CURLM *multi, CURL *easy) {
  return curl.multi_remove_handle(multi, easy);
}
CURLMcode movies_curl_multi_perform(CURLM *multi, int *running) {
  return curl.multi_perform(multi, running);
}
CURLMcode movies_curl_multi_poll(CURLM *multi, struct curl_waitfd extra[], unsigned int count,
                                 int timeout_ms, int *ready) {
  return curl.multi_poll(multi, extra, count, timeout_ms, ready);
}
CURLMsg *movies_curl_multi_info_read(CURLM *multi, int *left) {
  return curl.multi_info_read(multi, left);
}
const char *movies_curl_multi_strerror(CURLMcode code) { return curl.multi_strerror(code); }
struct curl_slist *movies_curl_slist_append(struct curl_slist *list, const char *text) {
  return curl.slist_append(list, text);
}
void movies_curl_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }

CURLcode movies_curl_set_long(CURL *easy, CURLoption option, long value) {
  return curl.easy_setopt(easy, option, value);
}
CURLcode movies_curl_set_string(CURL *easy, CURLoption option, const char *value) {
  return curl.easy_setopt(easy, option, value);
}
CURLcode movies_curl_set_pointer(CURL *easy, CURLoption option, void *value) {
  return curl.easy_setopt(easy, option, value);
}
CURLcode movies_curl_set_data_fn(CURL *easy, CURLoption option, movies_curl_data_fn fn) {
  return curl.easy_setopt(easy, option, fn);
}
CURLcode movies_curl_get_long(CURL *easy, CURLINFO info, long *value) {
  return curl.easy_getinfo(easy, info, value);
}
CURLcode movies_curl_get_string(CURL *easy, CURLINFO info, char **value) {
  return curl.easy_getinfo(easy, info, value);
}
CURLMcode movies_curl_multi_set_long(CURLM *multi, CURLMoption option, long value) {
  return curl.multi_setopt(multi, option, value);
}
