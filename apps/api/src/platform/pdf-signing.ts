import type { AppContext } from './context.js';

/**
 * PAdES signatures of PDFs (issue 14, ADR 020). PLACEHOLDER: the PDF-signing helper replaces this
 * file with the real implementation (@signpdf/signpdf with a demo certificate made at first start).
 * The signatures below are the contract the rest of the code uses.
 */
export interface SignatureInfo {
  /** Who signs (shown in the signature's name field). */
  name: string;
  reason: string;
  location?: string;
  contactInfo?: string;
  signedAt: Date;
}

export interface SignerPage {
  /** One line per signer on the added signature page. */
  signers: { name: string; signedAt: Date; provider: string; reference: string }[];
  title: string;
}

export interface PdfSigner {
  /** The PDF with a PAdES signature (verifiable with pdfsig). Throws err_signing_only_pdf for a file that is no PDF. */
  sign(pdf: Buffer, info: SignatureInfo): Promise<Buffer>;
  /** The PDF with a page appended listing the signers (before signing the whole). */
  addSignerPage(pdf: Buffer, page: SignerPage): Promise<Buffer>;
}

/**
 * The portal's PDF signer: the demo certificate is made on first use and kept in the data
 * directory (memory only without one, e.g. in tests). PLACEHOLDER until the helper's implementation.
 */
export async function pdfSignerFor(_ctx: AppContext): Promise<PdfSigner> {
  throw new Error('PDF signing is not implemented yet');
}
