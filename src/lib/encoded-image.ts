/** An image as stored: its encoded bytes, their type and the picture's size in pixels. */
export type EncodedImage = { data: Buffer; contentType: string; width: number; height: number };
