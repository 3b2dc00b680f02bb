import { PDFDocument, ParseSpeeds } from 'pdf-lib';

/**
 * Whether a PDF is password-protected, decided by a PDF parser (pdf-lib; issue 25, ADR 033): the
 * document's trailer (or cross-reference stream) names an encryption dictionary. Names are read
 * as a reader reads them, so `/#45ncrypt` is `/Encrypt`, and a `/Encrypt` that is only text in a
 * string or a comment is not. Null: no parser can read the file as a PDF.
 */
export async function pdfIsEncrypted(bytes: Uint8Array): Promise<boolean | null> {
  try {
    const doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
      // Yields to the event loop between batches of objects: a large file does not hold requests up.
      parseSpeed: ParseSpeeds.Fast,
    });
    return doc.isEncrypted || doc.context.trailerInfo.Encrypt !== undefined;
  } catch {
    return null;
  }
}
