/**
 * Fastify sends streams and buffers as they are, past the JSON serializer; the route's
 * schema documents such a body as the file's content (a string), which is what this says.
 */
export const fileBody = (payload: NodeJS.ReadableStream | Buffer | string) => payload as string;
