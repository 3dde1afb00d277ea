import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// pdfjs-dist 6 targets Node >= 22.13; getDocument() needs Promise.withResolvers, which Node 20 lacks.
const promiseStatics = Promise as unknown as { withResolvers?: () => unknown };
promiseStatics.withResolvers ??= () => {
  let resolve: unknown;
  let reject: unknown;
  const promise = new Promise((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

/**
 * What a PDF says, read from its bytes as a PDF reader would: page count, first page's text items
 * (and joined), every page's items in order (`allItems`), metadata.
 */
export async function readPdf(buffer: Buffer): Promise<{ pages: number; items: string[]; allItems: string[]; text: string; info: Record<string, unknown> }> {
  const task = getDocument({ data: new Uint8Array(buffer) });
  try {
    const pdf = await task.promise;
    const pageItems: string[][] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const content = await (await pdf.getPage(number)).getTextContent();
      pageItems.push(content.items.map((item) => ('str' in item ? item.str : '')));
    }
    const items = pageItems[0] ?? [];
    const { info } = await pdf.getMetadata();
    return { pages: pdf.numPages, items, allItems: pageItems.flat(), text: items.join(' '), info: info as Record<string, unknown> };
  } finally {
    await task.destroy();
  }
}
