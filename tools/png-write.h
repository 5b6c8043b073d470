/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

#ifndef __PNG_WRITE_H__
#define __PNG_WRITE_H__

#include <glib.h>

G_BEGIN_DECLS

/* Writes @height rows of @width 8-bit pixels of @channels samples (1: gray,
 * 3: RGB), rows packed, to a PNG file at @path; FALSE on an I/O error. */
gboolean png_write (const gchar * path, const guint8 * pixels, guint width,
    guint height, guint channels);

G_END_DECLS

#endif /* __PNG_WRITE_H__ */
