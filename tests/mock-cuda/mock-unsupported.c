/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Entry points that libgstcuda 1.24+ resolves but that neither the library
 * nor the element call on the paths the tests take: virtual memory
 * management (the mock reports CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_
 * SUPPORTED = 0, so the allocator never takes it), IPC, external memory and
 * semaphores.  Each returns CUDA_ERROR_NOT_SUPPORTED (after
 * the usual cuInit check) and prints "mock-cuda: unsupported: <name>" on
 * stderr the first time it is called, so a test that reaches one shows
 * it. */

#include "mock-state.h"

#include <stdio.h>

CUresult
mock_unsupported (const char *call)
{
  static const char *logged[64];
  static unsigned int n_logged;
  unsigned int i;
  CUresult ret;

  mock_enter (call);
  ret = mock_check_init (call);
  for (i = 0; i < n_logged && logged[i] != call; i++);
  if (i == n_logged) {
    fprintf (stderr, "mock-cuda: unsupported: %s\n", call);
    if (n_logged < 64)
      logged[n_logged++] = call;
  }
  mock_leave ();
  return ret != CUDA_SUCCESS ? ret : CUDA_ERROR_NOT_SUPPORTED;
}

CUresult CUDAAPI
cuDestroyExternalMemory (CUexternalMemory extMem)
{
  return mock_unsupported ("cuDestroyExternalMemory");
}

CUresult CUDAAPI
cuDestroyExternalSemaphore (CUexternalSemaphore extSem)
{
  return mock_unsupported ("cuDestroyExternalSemaphore");
}

CUresult CUDAAPI
cuExternalMemoryGetMappedBuffer (CUdeviceptr * devPtr, CUexternalMemory extMem,
    const CUDA_EXTERNAL_MEMORY_BUFFER_DESC * bufferDesc)
{
  return mock_unsupported ("cuExternalMemoryGetMappedBuffer");
}

CUresult CUDAAPI
cuExternalMemoryGetMappedMipmappedArray (CUmipmappedArray * mipmap,
    CUexternalMemory extMem,
    const CUDA_EXTERNAL_MEMORY_MIPMAPPED_ARRAY_DESC * mipmapDesc)
{
  return mock_unsupported ("cuExternalMemoryGetMappedMipmappedArray");
}

CUresult CUDAAPI
cuImportExternalMemory (CUexternalMemory * extMem_out,
    const CUDA_EXTERNAL_MEMORY_HANDLE_DESC * memHandleDesc)
{
  return mock_unsupported ("cuImportExternalMemory");
}

CUresult CUDAAPI
cuImportExternalSemaphore (CUexternalSemaphore * extSem_out,
    const CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC * semHandleDesc)
{
  return mock_unsupported ("cuImportExternalSemaphore");
}

CUresult CUDAAPI
cuSignalExternalSemaphoresAsync (const CUexternalSemaphore * extSemArray,
    const CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS * paramsArray,
    unsigned int numExtSems, CUstream stream)
{
  return mock_unsupported ("cuSignalExternalSemaphoresAsync");
}

CUresult CUDAAPI
cuWaitExternalSemaphoresAsync (const CUexternalSemaphore * extSemArray,
    const CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS * paramsArray,
    unsigned int numExtSems, CUstream stream)
{
  return mock_unsupported ("cuWaitExternalSemaphoresAsync");
}

CUresult CUDAAPI
cuIpcCloseMemHandle (CUdeviceptr dptr)
{
  return mock_unsupported ("cuIpcCloseMemHandle");
}

CUresult CUDAAPI
cuIpcGetEventHandle (CUipcEventHandle * pHandle, CUevent event)
{
  return mock_unsupported ("cuIpcGetEventHandle");
}

CUresult CUDAAPI
cuIpcGetMemHandle (CUipcMemHandle * pHandle, CUdeviceptr dptr)
{
  return mock_unsupported ("cuIpcGetMemHandle");
}

CUresult CUDAAPI
cuIpcOpenEventHandle (CUevent * phEvent, CUipcEventHandle handle)
{
  return mock_unsupported ("cuIpcOpenEventHandle");
}

CUresult CUDAAPI
cuIpcOpenMemHandle (CUdeviceptr * pdptr, CUipcMemHandle handle,
    unsigned int Flags)
{
  return mock_unsupported ("cuIpcOpenMemHandle");
}

CUresult CUDAAPI
cuMemAddressFree (CUdeviceptr ptr, size_t size)
{
  return mock_unsupported ("cuMemAddressFree");
}

CUresult CUDAAPI
cuMemAddressReserve (CUdeviceptr * ptr, size_t size, size_t alignment,
    CUdeviceptr addr, unsigned long long flags)
{
  return mock_unsupported ("cuMemAddressReserve");
}

CUresult CUDAAPI
cuMemCreate (CUmemGenericAllocationHandle * handle, size_t size,
    const CUmemAllocationProp * prop, unsigned long long flags)
{
  return mock_unsupported ("cuMemCreate");
}

CUresult CUDAAPI
cuMemExportToShareableHandle (void *shareableHandle,
    CUmemGenericAllocationHandle handle, CUmemAllocationHandleType handleType,
    unsigned long long flags)
{
  return mock_unsupported ("cuMemExportToShareableHandle");
}

CUresult CUDAAPI
cuMemGetAccess (unsigned long long *flags, const CUmemLocation * location,
    CUdeviceptr ptr)
{
  return mock_unsupported ("cuMemGetAccess");
}

CUresult CUDAAPI
cuMemGetAllocationGranularity (size_t *granularity,
    const CUmemAllocationProp * prop, CUmemAllocationGranularity_flags option)
{
  return mock_unsupported ("cuMemGetAllocationGranularity");
}

CUresult CUDAAPI
cuMemGetAllocationPropertiesFromHandle (CUmemAllocationProp * prop,
    CUmemGenericAllocationHandle handle)
{
  return mock_unsupported ("cuMemGetAllocationPropertiesFromHandle");
}

CUresult CUDAAPI
cuMemImportFromShareableHandle (CUmemGenericAllocationHandle * handle,
    void *osHandle, CUmemAllocationHandleType shHandleType)
{
  return mock_unsupported ("cuMemImportFromShareableHandle");
}

CUresult CUDAAPI
cuMemMap (CUdeviceptr ptr, size_t size, size_t offset,
    CUmemGenericAllocationHandle handle, unsigned long long flags)
{
  return mock_unsupported ("cuMemMap");
}

CUresult CUDAAPI
cuMemRelease (CUmemGenericAllocationHandle handle)
{
  return mock_unsupported ("cuMemRelease");
}

CUresult CUDAAPI
cuMemRetainAllocationHandle (CUmemGenericAllocationHandle * handle, void *addr)
{
  return mock_unsupported ("cuMemRetainAllocationHandle");
}

CUresult CUDAAPI
cuMemSetAccess (CUdeviceptr ptr, size_t size, const CUmemAccessDesc * desc,
    size_t count)
{
  return mock_unsupported ("cuMemSetAccess");
}

CUresult CUDAAPI
cuMemUnmap (CUdeviceptr ptr, size_t size)
{
  return mock_unsupported ("cuMemUnmap");
}
