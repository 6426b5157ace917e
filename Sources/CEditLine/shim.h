#ifndef MOVIES_CEDITLINE_SHIM_H
#define MOVIES_CEDITLINE_SHIM_H

#include <histedit.h>

// Swift cannot call C variadic functions, so each el_set, el_get and history call the
// program needs gets a fixed-argument wrapper here.

typedef char *(*movies_prompt_fn)(EditLine *);
typedef unsigned char (*movies_key_fn)(EditLine *, int);

// el_set(EL_EDITOR): emacs key bindings, as in bash and psql.
static inline int movies_el_use_emacs(EditLine *el) {
  return el_set(el, EL_EDITOR, "emacs");
}

// el_set(EL_SIGNAL): let libedit restore the terminal on signals and follow window resizes.
static inline int movies_el_handle_signals(EditLine *el) {
  return el_set(el, EL_SIGNAL, 1);
}

// el_set(EL_SETTY): turn ISIG off while editing so Ctrl-C arrives as a key we bind,
// instead of a signal that libedit's reader retries once before giving up.
static inline int movies_el_disable_isig(EditLine *el) {
  return el_set(el, EL_SETTY, "-d", "-isig", (const char *)NULL);
}

// el_set(EL_PREP_TERM): 0 puts the terminal back in its normal mode, 1 back in editing mode,
// around a Ctrl-Z stop.
static inline int movies_el_prep_term(EditLine *el, int editing) {
  return el_set(el, EL_PREP_TERM, editing);
}

// el_set(EL_PROMPT)
static inline int movies_el_set_prompt(EditLine *el, movies_prompt_fn fn) {
  return el_set(el, EL_PROMPT, fn);
}

// el_set(EL_RPROMPT_ESC): the right prompt, where the hint goes; `literal` brackets escape
// sequences that take no columns.
static inline int movies_el_set_right_prompt(EditLine *el, movies_prompt_fn fn, char literal) {
  return el_set(el, EL_RPROMPT_ESC, fn, literal);
}

// el_set(EL_HIST)
static inline int movies_el_set_history(EditLine *el, History *h) {
  return el_set(el, EL_HIST, history, h);
}

// el_set(EL_CLIENTDATA): the context pointer through which callbacks reach Swift state.
static inline int movies_el_set_context(EditLine *el, void *context) {
  return el_set(el, EL_CLIENTDATA, context);
}

// el_get(EL_CLIENTDATA)
static inline void *movies_el_context(EditLine *el) {
  void *context = NULL;
  if (el_get(el, EL_CLIENTDATA, &context) != 0) {
    return NULL;
  }
  return context;
}

// el_set(EL_ADDFN)
static inline int movies_el_add_function(
    EditLine *el, const char *name, const char *help, movies_key_fn fn) {
  return el_set(el, EL_ADDFN, name, help, fn);
}

// el_set(EL_BIND)
static inline int movies_el_bind(EditLine *el, const char *key, const char *name) {
  return el_set(el, EL_BIND, key, name, (const char *)NULL);
}

// history(H_SETSIZE)
static inline int movies_history_set_size(History *h, int size) {
  HistEvent event;
  return history(h, &event, H_SETSIZE, size);
}

// history(H_SETUNIQUE): consecutive duplicates are stored once.
static inline int movies_history_set_unique(History *h) {
  HistEvent event;
  return history(h, &event, H_SETUNIQUE, 1);
}

// history(H_ENTER)
static inline int movies_history_enter(History *h, const char *line) {
  HistEvent event;
  return history(h, &event, H_ENTER, line);
}

#endif
