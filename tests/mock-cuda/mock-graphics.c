/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Texture objects and OpenGL interop: present because libgstcuda 1.22
 * resolves them, unsupported by the mock.  Creating one returns
 * CUDA_ERROR_NOT_SUPPORTED; as none can exist, every call taking one returns
 * CUDA_ERROR_INVALID_HANDLE. */

#include "mock-state.h"

#include <cudaGL.h>

static CUresult
unsupported (const char *call)
{
  CUresult ret;

  mock_enter (call);
  ret = mock_check_init (call);
  mock_leave ();
  return ret != CUDA_SUCCESS ? ret : CUDA_ERROR_NOT_SUPPORTED;
}

static CUresult
no_such_handle (const char *call)
{
  CUresult ret;

  mock_enter (call);
  ret = mock_check_init (call);
  mock_leave ();
  return ret != CUDA_SUCCESS ? ret : CUDA_ERROR_INVALID_HANDLE;
}

CUresult CUDAAPI
cuTexObjectCreate (CUtexObject * pTexObject,
    const CUDA_RESOURCE_DESC * pResDesc, const CUDA_TEXTURE_DESC * pTexDesc,
    const CUDA_RESOURCE_VIEW_DESC * pResViewDesc)
{
  return unsupported ("cuTexObjectCreate");
}

CUresult CUDAAPI
cuTexObjectDestroy (CUtexObject texObject)
{
  return no_such_handle ("cuTexObjectDestroy");
}

CUresult CUDAAPI
cuGraphicsGLRegisterImage (CUgraphicsResource * pCudaResource, GLuint image,
    GLenum target, unsigned int Flags)
{
  return unsupported ("cuGraphicsGLRegisterImage");
}

CUresult CUDAAPI
cuGraphicsGLRegisterBuffer (CUgraphicsResource * pCudaResource,
    GLuint buffer, unsigned int Flags)
{
  return unsupported ("cuGraphicsGLRegisterBuffer");
}

/* No CUDA device drives any OpenGL context. */
CUresult CUDAAPI
cuGLGetDevices_v2 (unsigned int *pCudaDeviceCount, CUdevice * pCudaDevices,
    unsigned int cudaDeviceCount, CUGLDeviceList deviceList)
{
  if (pCudaDeviceCount != NULL)
    *pCudaDeviceCount = 0;
  return unsupported ("cuGLGetDevices_v2");
}

CUresult CUDAAPI
cuGraphicsMapResources (unsigned int count, CUgraphicsResource * resources,
    CUstream hStream)
{
  return no_such_handle ("cuGraphicsMapResources");
}

CUresult CUDAAPI
cuGraphicsUnmapResources (unsigned int count, CUgraphicsResource * resources,
    CUstream hStream)
{
  return no_such_handle ("cuGraphicsUnmapResources");
}

CUresult CUDAAPI
cuGraphicsResourceSetMapFlags_v2 (CUgraphicsResource resource,
    unsigned int flags)
{
  return no_such_handle ("cuGraphicsResourceSetMapFlags_v2");
}

CUresult CUDAAPI
cuGraphicsSubResourceGetMappedArray (CUarray * pArray,
    CUgraphicsResource resource, unsigned int arrayIndex, unsigned int mipLevel)
{
  return no_such_handle ("cuGraphicsSubResourceGetMappedArray");
}

CUresult CUDAAPI
cuGraphicsResourceGetMappedPointer_v2 (CUdeviceptr * pDevPtr, size_t *pSize,
    CUgraphicsResource resource)
{
  return no_such_handle ("cuGraphicsResourceGetMappedPointer_v2");
}

CUresult CUDAAPI
cuGraphicsUnregisterResource (CUgraphicsResource resource)
{
  return no_such_handle ("cuGraphicsUnregisterResource");
}
