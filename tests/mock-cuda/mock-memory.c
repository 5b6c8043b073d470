/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Device and pinned host memory: allocation, tracking, range checks, free.
 *
 * Every allocation is its own mmap: [guard page][slack][bytes][guard page],
 * the bytes ending next to the trailing guard page (512-byte aligned for
 * device memory, 64-byte for pinned), so an overrun by the host kernel or by
 * code writing into pinned memory faults.
 *  - device memory: the caller gets a synthetic CUdeviceptr (mock-state.h),
 *    translated back to the bytes only inside the mock; the mapping is
 *    unmapped when freed;
 *  - pinned memory: the caller gets the host address; when freed the mapping
 *    becomes PROT_NONE (a later access faults) and the address stays
 *    reserved while the allocation is in the ring of the last MOCK_FREED_MAX
 *    frees, so a copy into freed pinned memory is reported. */

#include "mock-state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define ROUND_UP(v, a) ((((v) + (a) - 1) / (a)) * (a))

static const char *
mem_name (MockMemKind kind)
{
  return kind == MOCK_MEM_DEVICE ? "device" : "pinned host";
}

int
mock_is_device_address (uint64_t addr)
{
  return addr >= MOCK_DEVPTR_BASE && addr < MOCK_DEVPTR_END;
}

/* ------------------------------------------------------------------------ */
/* Tracking */

static int
contains (const MockAlloc * a, uint64_t addr)
{
  return addr >= a->addr && addr - a->addr < (a->size ? a->size : 1);
}

static MockAlloc *
find_live (MockMemKind kind, uint64_t addr)
{
  size_t i;

  for (i = 0; i < mock_state.n_allocs; i++) {
    MockAlloc *a = &mock_state.allocs[i];

    if (a->kind == kind && contains (a, addr))
      return a;
  }
  return NULL;
}

static const MockAlloc *
find_freed (MockMemKind kind, uint64_t addr)
{
  uint64_t n = mock_state.n_freed < MOCK_FREED_MAX ?
      mock_state.n_freed : MOCK_FREED_MAX;
  uint64_t i;

  /* newest first: a pinned address may have been reused since */
  for (i = 0; i < n; i++) {
    const MockAlloc *a =
        &mock_state.freed[(mock_state.n_freed - 1 - i) % MOCK_FREED_MAX];

    if (a->kind == kind && contains (a, addr))
      return a;
  }
  return NULL;
}

static void
describe (const MockAlloc * a, char *buf, size_t len)
{
  snprintf (buf, len, "%s allocation #%llu [0x%llx, 0x%llx) of %zu bytes "
      "from %s in context %p", mem_name (a->kind),
      (unsigned long long) a->serial, (unsigned long long) a->addr,
      (unsigned long long) (a->addr + a->size), a->size, a->call,
      mock_handle (a->ctx));
}

static MockAlloc *
track (const MockAlloc * a)
{
  if (mock_state.n_allocs == mock_state.cap_allocs) {
    size_t cap = mock_state.cap_allocs ? mock_state.cap_allocs * 2 : 64;
    MockAlloc *allocs = realloc (mock_state.allocs, cap * sizeof (*a));

    if (allocs == NULL)
      return NULL;
    mock_state.allocs = allocs;
    mock_state.cap_allocs = cap;
  }
  mock_state.allocs[mock_state.n_allocs] = *a;
  return &mock_state.allocs[mock_state.n_allocs++];
}

/* Moves @a (an element of the live array) to the freed ring. */
static void
untrack (MockAlloc * a, const char *free_call)
{
  MockAlloc *slot = &mock_state.freed[mock_state.n_freed % MOCK_FREED_MAX];

  if (mock_state.n_freed >= MOCK_FREED_MAX && slot->map != NULL)
    munmap (slot->map, slot->map_len);  /* evicted: release the address */
  *slot = *a;
  slot->free_call = free_call;
  if (a->kind == MOCK_MEM_DEVICE) {
    munmap (a->map, a->map_len);
    slot->map = NULL;
  } else {
    mprotect (a->map, a->map_len, PROT_NONE);
  }
  mock_state.n_freed++;
  *a = mock_state.allocs[--mock_state.n_allocs];
}

/* ------------------------------------------------------------------------ */
/* Backing store */

static int
map_bytes (MockAlloc * a, size_t align)
{
  size_t page = (size_t) sysconf (_SC_PAGESIZE);
  size_t body = ROUND_UP (a->size, align);
  uint8_t *map;

  if (a->size > ((size_t) 1 << 40))     /* more than any GPU has */
    return 0;
  a->map_len = page + ROUND_UP (body, page) + page;
  map = mmap (NULL, a->map_len, PROT_READ | PROT_WRITE,
      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (map == MAP_FAILED)
    return 0;
  mprotect (map, page, PROT_NONE);
  mprotect (map + a->map_len - page, page, PROT_NONE);
  a->map = map;
  a->host = map + a->map_len - page - body;
  if (mock_state.config.fill >= 0)      /* memory is not zeroed by CUDA */
    memset (a->host, mock_state.config.fill, body);
  return 1;
}

/* A new allocation of @size bytes in the current context @ctx. */
static CUresult
allocate (const char *call, MockMemKind kind, uint32_t ctx, size_t size,
    uint64_t * addr)
{
  MockAlloc a = { 0, };

  a.kind = kind;
  a.pid = getpid ();
  a.ctx = ctx;
  a.size = size;
  a.call = call;
  if (!map_bytes (&a, kind == MOCK_MEM_DEVICE ? MOCK_PITCH_ALIGN : 64))
    return CUDA_ERROR_OUT_OF_MEMORY;
  if (kind == MOCK_MEM_DEVICE) {
    a.addr = mock_state.next_devptr;
    mock_state.next_devptr += ROUND_UP (size, MOCK_DEVPTR_ALIGN)
        + MOCK_DEVPTR_ALIGN;
  } else {
    a.addr = (uint64_t) (uintptr_t) a.host;
  }
  a.serial = ++mock_state.next_serial;
  if (track (&a) == NULL) {
    munmap (a.map, a.map_len);
    return CUDA_ERROR_OUT_OF_MEMORY;
  }
  if (kind == MOCK_MEM_DEVICE) {
    mock_state.stats.device_allocs++;
    mock_state.stats.device_live++;
    mock_state.stats.device_bytes_live += size;
  } else {
    mock_state.stats.host_allocs++;
    mock_state.stats.host_live++;
  }
  *addr = a.addr;
  mock_trace (call, "#%llu: %zu bytes at 0x%llx",
      (unsigned long long) a.serial, size, (unsigned long long) a.addr);
  return CUDA_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* Range checks */

/* The host bytes behind device range [@addr, @addr + @bytes), which must lie
 * inside one live device allocation; with @ctx != 0, one that @ctx may
 * access.  Anything else is fatal. */
uint8_t *
mock_device_range (const char *call, const char *what, CUdeviceptr addr,
    size_t bytes, uint32_t ctx)
{
  const MockAlloc *a, *f;
  char desc[256];

  if (!mock_is_device_address (addr))
    mock_fatal (call, "%s 0x%llx (%zu bytes) is not a device pointer of this "
        "driver (a host address?)", what, (unsigned long long) addr, bytes);
  a = find_live (MOCK_MEM_DEVICE, addr);
  if (a == NULL) {
    f = find_freed (MOCK_MEM_DEVICE, addr);
    if (f == NULL)
      mock_fatal (call, "%s 0x%llx (%zu bytes) is not inside any device "
          "allocation", what, (unsigned long long) addr, bytes);
    describe (f, desc, sizeof (desc));
    mock_fatal (call, "%s 0x%llx (%zu bytes): use after free of %s, freed by "
        "%s", what, (unsigned long long) addr, bytes, desc, f->free_call);
  }
  describe (a, desc, sizeof (desc));
  if (bytes > a->size || addr - a->addr > a->size - bytes)
    mock_fatal (call, "%s [0x%llx, 0x%llx) (%zu bytes) overruns %s by %llu "
        "bytes", what, (unsigned long long) addr,
        (unsigned long long) (addr + bytes), bytes, desc,
        (unsigned long long) (addr + bytes - a->addr - a->size));
  if (ctx != 0 && !mock_context_can_access (ctx, a->ctx))
    mock_fatal (call, "%s 0x%llx belongs to %s, not accessible from the "
        "current context %p (no peer access)", what,
        (unsigned long long) addr, desc, mock_handle (ctx));
  return a->host + (addr - a->addr);
}

/* Host range [@ptr, @ptr + @bytes): fatal when it is a device pointer, runs
 * out of a live pinned allocation, or touches freed pinned memory.  Pageable
 * memory (not from cuMemAllocHost) cannot be checked. */
void
mock_host_range (const char *call, const char *what, const void *ptr,
    size_t bytes)
{
  uint64_t addr = (uint64_t) (uintptr_t) ptr;
  uint64_t last = addr + (bytes ? bytes - 1 : 0);
  const MockAlloc *a, *f;
  char desc[256];

  if (ptr == NULL)
    mock_fatal (call, "%s is a NULL host pointer", what);
  if (mock_is_device_address (addr)
      || (addr & MOCK_HANDLE_TAG_MASK) == MOCK_HANDLE_TAG)
    mock_fatal (call, "%s %p is a device pointer or handle, used as host "
        "memory", what, ptr);
  a = find_live (MOCK_MEM_PINNED, addr);
  if (a == NULL)
    a = find_live (MOCK_MEM_PINNED, last);
  if (a != NULL) {
    describe (a, desc, sizeof (desc));
    if (addr < a->addr || bytes > a->size || addr - a->addr > a->size - bytes)
      mock_fatal (call, "%s [%p, %p) (%zu bytes) runs out of %s", what, ptr,
          (const uint8_t *) ptr + bytes, bytes, desc);
    return;
  }
  f = find_freed (MOCK_MEM_PINNED, addr);
  if (f != NULL && f->map != NULL) {
    describe (f, desc, sizeof (desc));
    mock_fatal (call, "%s %p: use after free of %s, freed by %s", what, ptr,
        desc, f->free_call);
  }
}

/* Whether @ptr lies in a live cuMemAllocHost block. */
int
mock_host_is_pinned (const void *ptr)
{
  return find_live (MOCK_MEM_PINNED, (uint64_t) (uintptr_t) ptr) != NULL;
}

/* ------------------------------------------------------------------------ */
/* Release */

/* Frees what @ctx still owns (cuCtxDestroy_v2); returns how many. */
unsigned int
mock_memory_release_context (uint32_t ctx)
{
  unsigned int n = 0;
  size_t i = 0;

  while (i < mock_state.n_allocs) {
    MockAlloc *a = &mock_state.allocs[i];

    if (a->ctx != ctx) {
      i++;
      continue;
    }
    fprintf (stderr, "mock-cuda: cuCtxDestroy_v2: releasing %s allocation "
        "#%llu of %zu bytes from %s\n", mem_name (a->kind),
        (unsigned long long) a->serial, a->size, a->call);
    if (a->kind == MOCK_MEM_DEVICE) {
      mock_state.stats.device_live--;
      mock_state.stats.device_bytes_live -= a->size;
    } else {
      mock_state.stats.host_live--;
    }
    untrack (a, "cuCtxDestroy_v2");
    n++;
  }
  return n;
}

unsigned int
mock_memory_report_leaks (pid_t pid)
{
  unsigned int n = 0;
  char desc[256];
  size_t i;

  for (i = 0; i < mock_state.n_allocs; i++) {
    const MockAlloc *a = &mock_state.allocs[i];

    if (a->pid != pid)
      continue;
    describe (a, desc, sizeof (desc));
    fprintf (stderr, "mock-cuda: LEAK: %s\n", desc);
    n++;
  }
  return n;
}

/* The live allocation starting exactly at @addr, freed from @ctx: anything
 * else is fatal. */
static MockAlloc *
find_to_free (const char *call, MockMemKind kind, uint64_t addr, uint32_t ctx)
{
  MockAlloc *a = find_live (kind, addr);
  const MockAlloc *f;
  char desc[256];

  if (a == NULL) {
    f = find_freed (kind, addr);
    if (f == NULL)
      mock_fatal (call, "0x%llx was not allocated as %s memory by this "
          "driver", (unsigned long long) addr, mem_name (kind));
    describe (f, desc, sizeof (desc));
    mock_fatal (call, "double free of %s (first freed by %s)", desc,
        f->free_call);
  }
  describe (a, desc, sizeof (desc));
  if (a->addr != addr)
    mock_fatal (call, "0x%llx is inside %s, not its start",
        (unsigned long long) addr, desc);
  if (a->ctx != ctx)
    mock_fatal (call, "freeing %s while context %p is current", desc,
        mock_handle (ctx));
  return a;
}

/* ------------------------------------------------------------------------ */
/* Entry points */

/* A device allocation of @size bytes in @ctx (for the stream-ordered
 * allocator too: mock-async.c). */
CUresult
mock_device_alloc (const char *call, uint32_t ctx, size_t size,
    CUdeviceptr * dptr)
{
  CUresult ret;
  uint64_t addr;

  if (dptr == NULL || size == 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (mock_inject (MOCK_FAIL_ALLOC, call))
    return CUDA_ERROR_OUT_OF_MEMORY;
  ret = allocate (call, MOCK_MEM_DEVICE, ctx, size, &addr);
  if (ret == CUDA_SUCCESS)
    *dptr = (CUdeviceptr) addr;
  return ret;
}

/* Frees the device allocation starting at @dptr, owned by @ctx. */
CUresult
mock_device_free (const char *call, uint32_t ctx, CUdeviceptr dptr)
{
  MockAlloc *a;

  if (dptr == 0)
    return CUDA_ERROR_INVALID_VALUE;
  a = find_to_free (call, MOCK_MEM_DEVICE, dptr, ctx);
  mock_trace (call, "#%llu", (unsigned long long) a->serial);
  mock_state.stats.device_frees++;
  mock_state.stats.device_live--;
  mock_state.stats.device_bytes_live -= a->size;
  untrack (a, call);
  return CUDA_SUCCESS;
}

static CUresult
device_alloc (const char *call, CUdeviceptr * dptr, size_t size)
{
  uint32_t ctx;
  CUresult ret;
  uint64_t addr;

  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    return ret;
  ctx = mock_require_context (call);
  if (dptr == NULL || size == 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (mock_inject (MOCK_FAIL_ALLOC, call))
    return CUDA_ERROR_OUT_OF_MEMORY;
  ret = allocate (call, MOCK_MEM_DEVICE, ctx, size, &addr);
  if (ret == CUDA_SUCCESS)
    *dptr = (CUdeviceptr) addr;
  return ret;
}

CUresult CUDAAPI
cuMemAlloc_v2 (CUdeviceptr * dptr, size_t bytesize)
{
  CUresult ret;

  mock_enter ("cuMemAlloc_v2");
  ret = device_alloc ("cuMemAlloc_v2", dptr, bytesize);
  mock_leave ();
  return ret;
}

/* The pitch is the width rounded up to 512 bytes; the allocation holds
 * pitch * height bytes, all of which copies and kernels may touch. */
CUresult CUDAAPI
cuMemAllocPitch_v2 (CUdeviceptr * dptr, size_t *pitch, size_t width,
    size_t height, unsigned int element_size)
{
  const char *call = "cuMemAllocPitch_v2";
  CUresult ret;
  size_t p, size;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    goto out;
  mock_require_context (call);
  if (pitch == NULL || width == 0 || height == 0 || (element_size != 4
          && element_size != 8 && element_size != 16)) {
    ret = CUDA_ERROR_INVALID_VALUE;
    goto out;
  }
  p = ROUND_UP (width, MOCK_PITCH_ALIGN);
  if (__builtin_mul_overflow (p, height, &size)) {
    ret = CUDA_ERROR_OUT_OF_MEMORY;
    goto out;
  }
  ret = device_alloc (call, dptr, size);
  if (ret == CUDA_SUCCESS)
    *pitch = p;
out:
  mock_leave ();
  return ret;
}

CUresult CUDAAPI
cuMemFree_v2 (CUdeviceptr dptr)
{
  const char *call = "cuMemFree_v2";
  CUresult ret;
  uint32_t ctx;
  MockAlloc *a;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    goto out;
  ctx = mock_require_context (call);
  if (dptr == 0) {
    ret = CUDA_ERROR_INVALID_VALUE;
    goto out;
  }
  find_to_free (call, MOCK_MEM_DEVICE, dptr, ctx);
  /* the driver synchronizes the device before it frees */
  mock_stream_sync_device (mock_object (ctx)->device);
  a = find_to_free (call, MOCK_MEM_DEVICE, dptr, ctx);
  mock_trace (call, "#%llu", (unsigned long long) a->serial);
  mock_state.stats.device_frees++;
  mock_state.stats.device_live--;
  mock_state.stats.device_bytes_live -= a->size;
  untrack (a, call);
out:
  mock_leave ();
  return ret;
}

CUresult CUDAAPI
cuMemAllocHost_v2 (void **pp, size_t bytesize)
{
  const char *call = "cuMemAllocHost_v2";
  CUresult ret;
  uint32_t ctx;
  uint64_t addr;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    goto out;
  ctx = mock_require_context (call);
  if (pp == NULL || bytesize == 0)
    ret = CUDA_ERROR_INVALID_VALUE;
  else if (mock_inject (MOCK_FAIL_HOSTALLOC, call))
    ret = CUDA_ERROR_OUT_OF_MEMORY;
  else
    ret = allocate (call, MOCK_MEM_PINNED, ctx, bytesize, &addr);
  if (ret == CUDA_SUCCESS)
    *pp = (void *) (uintptr_t) addr;
out:
  mock_leave ();
  return ret;
}

CUresult CUDAAPI
cuMemFreeHost (void *p)
{
  const char *call = "cuMemFreeHost";
  CUresult ret;
  uint32_t ctx;
  MockAlloc *a;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    goto out;
  ctx = mock_require_context (call);
  if (p == NULL) {
    ret = CUDA_ERROR_INVALID_VALUE;
    goto out;
  }
  find_to_free (call, MOCK_MEM_PINNED, (uint64_t) (uintptr_t) p, ctx);
  mock_stream_sync_device (mock_object (ctx)->device);
  a = find_to_free (call, MOCK_MEM_PINNED, (uint64_t) (uintptr_t) p, ctx);
  mock_trace (call, "#%llu", (unsigned long long) a->serial);
  mock_state.stats.host_frees++;
  mock_state.stats.host_live--;
  untrack (a, call);
out:
  mock_leave ();
  return ret;
}
