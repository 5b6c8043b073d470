/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The mock's global state: configuration from the environment, the lock,
 * loud failures, injected failures, the handle table, the test API
 * (mock_cuda_*) and the leak check at process exit. */

#include "mock-state.h"

#include <errno.h>
#include <execinfo.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

MockState mock_state = {
  .lock = PTHREAD_MUTEX_INITIALIZER,
};

static pthread_once_t config_once = PTHREAD_ONCE_INIT;
static int config_done;

static const char *const fail_names[MOCK_FAIL_N] = {
  [MOCK_FAIL_INIT] = "init",
  [MOCK_FAIL_CTX] = "ctx",
  [MOCK_FAIL_ALLOC] = "alloc",
  [MOCK_FAIL_HOSTALLOC] = "hostalloc",
  [MOCK_FAIL_COPY] = "copy",
  [MOCK_FAIL_STREAM] = "stream",
  [MOCK_FAIL_MODULE] = "module",
  [MOCK_FAIL_IMAGE] = "image",
  [MOCK_FAIL_LAUNCH] = "launch",
  [MOCK_FAIL_SYNC] = "sync",
  [MOCK_FAIL_KERNEL] = "kernel-fault",
  [MOCK_FAIL_PUSH] = "push",
};

/* ------------------------------------------------------------------------ */
/* Configuration */

static void
config_error (const char *var, const char *value)
{
  fprintf (stderr, "mock-cuda: FATAL: bad value '%s' for %s (see the header "
      "of tests/mock-cuda/mock-cuda.c)\n", value, var);
  abort ();
}

static uint64_t
env_uint (const char *var, uint64_t def, uint64_t max)
{
  const char *value = getenv (var);
  unsigned long long v;
  char *end;

  if (value == NULL || *value == '\0')
    return def;
  errno = 0;
  v = strtoull (value, &end, 0);
  if (errno != 0 || *end != '\0' || v > max || value[0] == '-')
    config_error (var, value);
  return v;
}

static unsigned int
parse_fail_mask (const char *value)
{
  unsigned int mask = 0;
  const char *p = value;

  while (p != NULL && *p != '\0') {
    size_t len = strcspn (p, ",");
    int k, found = 0;

    for (k = 0; k < MOCK_FAIL_N; k++) {
      if (strlen (fail_names[k]) == len && strncmp (p, fail_names[k], len) == 0) {
        mask |= 1u << k;
        found = 1;
      }
    }
    if (!found && len > 0)
      config_error ("MOCK_CUDA_FAIL", value);
    p = p[len] == ',' ? p + len + 1 : NULL;
  }
  return mask;
}

static MockLeakMode
parse_leak_mode (const char *value)
{
  if (value == NULL || *value == '\0' || strcmp (value, "fail") == 0
      || strcmp (value, "1") == 0)
    return MOCK_LEAKS_FAIL;
  if (strcmp (value, "warn") == 0)
    return MOCK_LEAKS_WARN;
  if (strcmp (value, "off") == 0 || strcmp (value, "0") == 0)
    return MOCK_LEAKS_OFF;
  config_error ("MOCK_CUDA_LEAK_CHECK", value);
  return MOCK_LEAKS_FAIL;
}

static int
parse_fill (const char *value)
{
  if (value == NULL || *value == '\0')
    return 0xa5;
  if (strcmp (value, "none") == 0)
    return -1;
  return (int) env_uint ("MOCK_CUDA_FILL", 0xa5, 255);
}

/* MOCK_CUDA_CC: "M.m" for every device, or "M.m,M.m,..." one per device
 * (the last one repeats); default 8.6. */
static void
parse_cc (const char *value, int *cc)
{
  const char *p = value;
  int i = 0, last = 86;

  while (p != NULL && *p != '\0' && i < MOCK_DEVICES_MAX) {
    unsigned int major, minor;
    int n = 0;

    if (sscanf (p, "%u.%u%n", &major, &minor, &n) != 2 || major > 99
        || minor > 9 || (p[n] != '\0' && p[n] != ','))
      config_error ("MOCK_CUDA_CC", value);
    last = cc[i++] = (int) (major * 10 + minor);
    p = p[n] == ',' ? p + n + 1 : NULL;
  }
  for (; i < MOCK_DEVICES_MAX; i++)
    cc[i] = last;
}

/* A fork () from one thread while another holds the lock would leave the
 * child's copy locked forever: hold it across fork (). */
static void
fork_prepare (void)
{
  pthread_mutex_lock (&mock_state.lock);
}

static void
fork_done (void)
{
  pthread_mutex_unlock (&mock_state.lock);
}

static void
config_load (void)
{
  MockConfig *c = &mock_state.config;

  c->n_devices = (int) env_uint ("MOCK_CUDA_DEVICES", 1, 64);
  c->driver_version = (int) env_uint ("MOCK_CUDA_DRIVER_VERSION",
      CUDA_VERSION, 1000000);
  parse_cc (getenv ("MOCK_CUDA_CC"), c->cc);
  c->peer_access = (int) env_uint ("MOCK_CUDA_PEER", 1, 1);
  c->fill = parse_fill (getenv ("MOCK_CUDA_FILL"));
  c->leak_mode = parse_leak_mode (getenv ("MOCK_CUDA_LEAK_CHECK"));
  c->trace = (int) env_uint ("MOCK_CUDA_TRACE", 0, 1);
  c->print_stats = (int) env_uint ("MOCK_CUDA_STATS", 0, 1);
  c->fail_mask = parse_fail_mask (getenv ("MOCK_CUDA_FAIL"));
  c->fail_after = env_uint ("MOCK_CUDA_FAIL_AFTER", 0, UINT64_MAX);
  c->fail_count = env_uint ("MOCK_CUDA_FAIL_COUNT", UINT64_MAX, UINT64_MAX);
  mock_state.next_devptr = MOCK_DEVPTR_BASE;
  pthread_atfork (fork_prepare, fork_done, fork_done);
  config_done = 1;
}

/* ------------------------------------------------------------------------ */
/* Locking, messages */

void
mock_enter (const char *call)
{
  pthread_once (&config_once, config_load);
  pthread_mutex_lock (&mock_state.lock);
  if (mock_state.config.trace)
    fprintf (stderr, "mock-cuda: [%d] %s (context depth %u)\n",
        (int) getpid (), call, mock_cuda_get_context_depth ());
}

void
mock_leave (void)
{
  pthread_mutex_unlock (&mock_state.lock);
}

/* A contract violation: say which call, what and where, then abort () with
 * the lock held (no other thread gets to run on a corrupt state). */
void
mock_fatal (const char *call, const char *format, ...)
{
  void *frames[32];
  va_list args;
  int n;

  fprintf (stderr, "mock-cuda: FATAL: %s: ", call);
  va_start (args, format);
  vfprintf (stderr, format, args);
  va_end (args);
  fprintf (stderr, "\nmock-cuda: backtrace:\n");
  n = backtrace (frames, 32);
  backtrace_symbols_fd (frames, n, 2);
  fflush (stderr);
  abort ();
}

/* Legal but suspicious: the call returns an error code as the real driver
 * would, and the reason is printed. */
void
mock_warn (const char *call, const char *format, ...)
{
  va_list args;

  fprintf (stderr, "mock-cuda: warning: %s: ", call);
  va_start (args, format);
  vfprintf (stderr, format, args);
  va_end (args);
  fputc ('\n', stderr);
}

void
mock_trace (const char *call, const char *format, ...)
{
  va_list args;

  if (!mock_state.config.trace)
    return;
  fprintf (stderr, "mock-cuda:   %s: ", call);
  va_start (args, format);
  vfprintf (stderr, format, args);
  va_end (args);
  fputc ('\n', stderr);
}

/* Whether this call (of an enabled kind) is one that must fail: calls
 * fail_after + 1 ... fail_after + fail_count of that kind. */
int
mock_inject (MockFailKind kind, const char *call)
{
  const MockConfig *c = &mock_state.config;
  uint64_t n;

  uint64_t after = c->fail_after, count = c->fail_count;

  if (c->armed_mask & (1u << kind)) {
    after = c->armed_after[kind];
    count = c->armed_count[kind];
  } else if (!(c->fail_mask & (1u << kind))) {
    return 0;
  }
  n = ++mock_state.fail_calls[kind];
  if (n <= after || n - after > count)
    return 0;
  mock_state.stats.injected_failures++;
  fprintf (stderr, "mock-cuda: %s: injected failure (MOCK_CUDA_FAIL=%s, "
      "call %llu of that kind)\n", call, fail_names[kind],
      (unsigned long long) n);
  return 1;
}

/* Calls that still work in a context that faulted: the context stack, its
 * destruction, and what needs no context. */
static int
works_after_fault (const char *call)
{
  static const char *const prefixes[] = { "cuCtxPushCurrent",
    "cuCtxPopCurrent", "cuCtxGetCurrent", "cuCtxDestroy", "cuCtxCreate",
    "cuDevice", "cuDriverGetVersion", "cuInit", "cuGetError"
  };
  size_t i;

  for (i = 0; i < sizeof (prefixes) / sizeof (prefixes[0]); i++)
    if (strncmp (call, prefixes[i], strlen (prefixes[i])) == 0)
      return 1;
  return 0;
}

/* cuInit done, and the current context (if any) has not faulted: after a
 * kernel fault every call in that context returns its error, until it is
 * destroyed (mock-stream.c). */
CUresult
mock_check_init (const char *call)
{
  uint32_t ctx;

  if (!mock_state.initialized) {
    mock_warn (call, "called before a successful cuInit");
    return CUDA_ERROR_NOT_INITIALIZED;
  }
  ctx = mock_current_context ();
  if (ctx != 0 && mock_object (ctx)->sticky != CUDA_SUCCESS
      && !works_after_fault (call)) {
    mock_trace (call, "sticky error of context %p", mock_handle (ctx));
    return mock_object (ctx)->sticky;
  }
  return CUDA_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* Handles */

uint32_t
mock_object_new (MockObjKind kind, uint32_t owner)
{
  MockObject *o;

  if (mock_state.n_objects == 0)
    mock_state.n_objects = 1;   /* index 0 is "none" */
  if (mock_state.n_objects >= mock_state.cap_objects) {
    uint32_t cap = mock_state.cap_objects ? mock_state.cap_objects * 2 : 64;
    MockObject *objects = realloc (mock_state.objects, cap * sizeof (*o));

    if (objects == NULL)
      mock_fatal ("mock_object_new", "out of host memory");
    mock_state.objects = objects;
    mock_state.cap_objects = cap;
  }
  o = &mock_state.objects[mock_state.n_objects];
  memset (o, 0, sizeof (*o));
  o->kind = kind;
  o->live = 1;
  o->pid = getpid ();
  o->owner = owner;
  return mock_state.n_objects++;
}

MockObject *
mock_object (uint32_t id)
{
  return id > 0 && id < mock_state.n_objects ? &mock_state.objects[id] : NULL;
}

void *
mock_handle (uint32_t id)
{
  const MockObject *o = mock_object (id);
  uint64_t kind = o != NULL ? (uint64_t) o->kind : 0;

  return (void *) (uintptr_t) (MOCK_HANDLE_TAG | kind << 40 | id);
}

static const char *
kind_name (MockObjKind kind)
{
  switch (kind) {
    case MOCK_OBJ_CONTEXT:
      return "CUcontext";
    case MOCK_OBJ_STREAM:
      return "CUstream";
    case MOCK_OBJ_MODULE:
      return "CUmodule";
    case MOCK_OBJ_FUNCTION:
      return "CUfunction";
    case MOCK_OBJ_EVENT:
      return "CUevent";
    case MOCK_OBJ_POOL:
      return "CUmemoryPool";
  }
  return "handle";
}

/* The object behind @handle, which must be a live object of @kind: anything
 * else (NULL, garbage, another kind, destroyed) is fatal. */
uint32_t
mock_object_lookup (const char *call, const char *what, const void *handle,
    MockObjKind kind)
{
  uint64_t v = (uint64_t) (uintptr_t) handle;
  uint32_t id = (uint32_t) (v & 0xffffffffffULL);
  const MockObject *o = mock_object (id);

  if ((v & MOCK_HANDLE_TAG_MASK) != MOCK_HANDLE_TAG || o == NULL
      || ((v >> 40) & 0xff) != (uint64_t) o->kind)
    mock_fatal (call, "%s %p is not a %s of this driver", what, handle,
        kind_name (kind));
  if (o->kind != kind)
    mock_fatal (call, "%s %p is a %s, not a %s", what, handle,
        kind_name (o->kind), kind_name (kind));
  if (!o->live)
    mock_fatal (call, "%s %p used after it was destroyed", what, handle);
  return id;
}

void
mock_count_released (unsigned int n)
{
  if (mock_state.released_pid != getpid ()) {
    mock_state.released_pid = getpid ();
    mock_state.released = 0;
  }
  mock_state.released += n;
}

/* ------------------------------------------------------------------------ */
/* Test API */

static void
stats_refresh (void)
{
  MockCudaStats *s = &mock_state.stats;
  uint32_t i;

  s->contexts_live = s->streams_live = s->modules_live = 0;
  s->unsynced_ops = 0;
  for (i = 1; i < mock_state.n_objects; i++) {
    const MockObject *o = &mock_state.objects[i];

    if (!o->live)
      continue;
    s->contexts_live += o->kind == MOCK_OBJ_CONTEXT;
    s->streams_live += o->kind == MOCK_OBJ_STREAM;
    s->modules_live += o->kind == MOCK_OBJ_MODULE;
    s->unsynced_ops += o->pending;
  }
}

void
mock_cuda_get_stats (MockCudaStats * stats, size_t size)
{
  mock_enter ("mock_cuda_get_stats");
  stats_refresh ();
  memcpy (stats, &mock_state.stats,
      size < sizeof (MockCudaStats) ? size : sizeof (MockCudaStats));
  mock_leave ();
}

int
mock_cuda_fail (const char *kind, uint64_t after, uint64_t count)
{
  int k, found = -1;

  mock_enter ("mock_cuda_fail");
  for (k = 0; k < MOCK_FAIL_N; k++)
    if (strcmp (kind, fail_names[k]) == 0)
      found = k;
  if (found >= 0) {
    mock_state.config.armed_mask |= 1u << found;
    mock_state.config.armed_after[found] = after;
    mock_state.config.armed_count[found] = count;
    mock_state.fail_calls[found] = 0;
  }
  mock_leave ();
  return found >= 0;
}

int
mock_cuda_is_pinned (const void *ptr)
{
  int pinned;

  mock_enter ("mock_cuda_is_pinned");
  pinned = mock_host_is_pinned (ptr);
  mock_leave ();
  return pinned;
}

uint64_t
mock_cuda_get_pending (const void *handle)
{
  uint64_t n = 0;
  uint32_t i;

  mock_enter ("mock_cuda_get_pending");
  for (i = 1; i < mock_state.n_objects; i++) {
    const MockObject *o = &mock_state.objects[i];

    if (!o->live || (o->kind != MOCK_OBJ_CONTEXT && o->kind != MOCK_OBJ_STREAM))
      continue;
    if (handle == NULL || mock_handle (i) == handle
        || (o->kind == MOCK_OBJ_STREAM && mock_handle (o->owner) == handle))
      n += o->pending;
  }
  mock_leave ();
  return n;
}

void
mock_cuda_reset_stats (void)
{
  MockCudaStats *s = &mock_state.stats;
  MockCudaStats keep;

  mock_enter ("mock_cuda_reset_stats");
  stats_refresh ();
  memset (&keep, 0, sizeof (keep));
  keep.contexts_live = s->contexts_live;
  keep.device_live = s->device_live;
  keep.device_bytes_live = s->device_bytes_live;
  keep.host_live = s->host_live;
  keep.modules_live = s->modules_live;
  keep.streams_live = s->streams_live;
  keep.unsynced_ops = s->unsynced_ops;
  *s = keep;
  mock_leave ();
}

static unsigned int
report_leaks (void)
{
  pid_t pid = getpid ();
  unsigned int n = 0;
  uint32_t i;

  for (i = 1; i < mock_state.n_objects; i++) {
    const MockObject *o = &mock_state.objects[i];

    if (!o->live || o->pid != pid || o->kind == MOCK_OBJ_FUNCTION)
      continue;
    fprintf (stderr, "mock-cuda: LEAK: %s %p%s\n", kind_name (o->kind),
        mock_handle (i), o->kind == MOCK_OBJ_CONTEXT ? "" : " (not destroyed)");
    n++;
  }
  n += mock_memory_report_leaks (pid);
  if (mock_state.released_pid == pid && mock_state.released > 0) {
    fprintf (stderr, "mock-cuda: LEAK: %u object(s) still owned by contexts "
        "at cuCtxDestroy_v2\n", mock_state.released);
    n += mock_state.released;
  }
  return n;
}

unsigned int
mock_cuda_check_leaks (void)
{
  unsigned int n;

  mock_enter ("mock_cuda_check_leaks");
  n = report_leaks ();
  mock_leave ();
  return n;
}

static void
print_stats (void)
{
  const MockCudaStats *s = &mock_state.stats;

  fprintf (stderr, "mock-cuda: stats: %llu contexts, %llu device allocs, "
      "%llu pinned allocs, %llu copies, %llu async copies, %llu modules, "
      "%llu launches, %llu streams, %llu syncs, %llu injected failures\n",
      (unsigned long long) s->contexts_created,
      (unsigned long long) s->device_allocs,
      (unsigned long long) s->host_allocs, (unsigned long long) s->copies,
      (unsigned long long) s->async_copies,
      (unsigned long long) s->modules_loaded,
      (unsigned long long) s->launches,
      (unsigned long long) s->streams_created, (unsigned long long) s->syncs,
      (unsigned long long) s->injected_failures);
}

/* At process exit, after main () returned or exit () ran the atexit
 * handlers (gst-check registers gst_deinit () there): what this process
 * created and still holds is a leak.  Objects inherited over fork () belong
 * to the parent and are not reported by the child. */
static void mock_at_exit (void) __attribute__((destructor));

static void
mock_at_exit (void)
{
  unsigned int n;

  if (!config_done)
    return;
  pthread_mutex_lock (&mock_state.lock);
  if (mock_state.config.print_stats) {
    stats_refresh ();
    print_stats ();
  }
  if (mock_state.config.leak_mode == MOCK_LEAKS_OFF) {
    pthread_mutex_unlock (&mock_state.lock);
    return;
  }
  n = report_leaks ();
  if (n > 0 && mock_state.config.leak_mode == MOCK_LEAKS_FAIL) {
    fprintf (stderr, "mock-cuda: %u leaked object(s) at exit of process %d: "
        "exiting with status 99 (MOCK_CUDA_LEAK_CHECK=warn to only report)\n",
        n, (int) getpid ());
    fflush (stderr);
    _exit (99);
  }
  pthread_mutex_unlock (&mock_state.lock);
}
