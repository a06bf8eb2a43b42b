/** A PDF download: never cached (it is someone's document), never sniffed as anything else. */
export const pdfResponse = (bytes: Buffer, filename: string) => new Response(new Uint8Array(bytes), {
  headers: {
    'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff',
  },
});
