import { eq } from 'drizzle-orm';
import type { Application } from '@finportal/contracts/applications';
import type { ContractKind } from '@finportal/contracts/backoffice';
import type { Language } from '@finportal/contracts/constants';
import { isGuarantor } from '@finportal/contracts/representative-list-rules';
import { contractsOpen } from '@finportal/contracts/application/policies';
import type { Db } from '../../db/client.js';
import { signatories, users, type StaffUser } from '../../db/schema.js';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Partner } from '../../platform/tenancy.js';
import { ApplicationsService } from '../applications/public.js';
import { DocumentsService } from '../documents/public.js';
import { guaranteesRequired, listEntryOf } from '../representatives/public.js';
import { contractPdf } from './contract-pdf.js';
import { resetOutdatedSignatures } from '../signatures/public.js';

/** What the contracts need of the case (loaded and locked by CasesService). */
export interface ContractCase {
  id: string;
  short_id: string;
  partner_id: string;
  user_id: string;
  status: string;
  product_type: string;
  final_interest_rate: string | number | null;
  final_transaction_fee: string | number | null;
  final_monthly_payment: string | number | null;
}

/**
 * The loan contract and the guarantee agreement (issue 13, ADR 019): generated from the
 * application's data as a PDF (pdf-lib), or uploaded by staff; stored as documents of type
 * loan_contract / guarantor_contract, hidden from the borrower until staff show them.
 */
export class StaffContracts {
  private readonly applications: ApplicationsService;
  private readonly documents: DocumentsService;

  constructor(private readonly ctx: AppContext) {
    this.applications = new ApplicationsService(ctx);
    this.documents = new DocumentsService(ctx);
  }

  private assertOpen(row: ContractCase): void {
    if (!contractsOpen(row.status)) throw new AppError('err_update_not_allowed', 409);
  }

  /** The application as its owner reads it: read before the case is locked (PGlite has one connection). */
  async applicationOf(partner: Partner, row: Pick<ContractCase, 'id' | 'user_id'>): Promise<Application> {
    const [owner] = await this.ctx.db.select().from(users).where(eq(users.id, row.user_id));
    if (!owner) throw new AppError('err_entity_not_found', 404);
    return this.applications.get(partner, owner, row.id);
  }

  async generate(
    tx: Db,
    staff: StaffUser,
    partner: Partner,
    row: ContractCase,
    application: Application,
    kind: ContractKind,
    ip: string,
  ) {
    this.assertOpen(row);
    if (row.final_interest_rate === null) throw new AppError('err_no_pricing', 409);
    const [owner] = await tx.select().from(users).where(eq(users.id, row.user_id));
    if (!owner) throw new AppError('err_entity_not_found', 404);
    const people = await tx.select().from(signatories).where(eq(signatories.applicationId, row.id));
    const chosen =
      kind === 'guarantor_contract'
        ? people.filter((p) => isGuarantor(listEntryOf(p), guaranteesRequired(partner, row.product_type)))
        : people.filter((p) => p.isLegalSignatory || p.isContractSignatory || p.isSoleSignatory);
    if (!chosen.length) throw new AppError('err_no_signatories', 409);
    const language = (owner.communicationLanguage as Language) ?? 'de';
    const role = (p: (typeof people)[number]) => p.position ?? (kind === 'guarantor_contract' ? '—' : '—');
    const address = [
      [application.street, application.houseNumber].filter(Boolean).join(' '),
      [application.companyPostCode, application.companyLocation].filter(Boolean).join(' '),
      application.companyCountry,
    ]
      .filter(Boolean)
      .join(', ');
    const isFactoring = row.product_type === 'factoring';
    const bytes = await contractPdf({
      kind,
      language,
      lender: {
        legal_name: partner.legal_name,
        display_name: partner.display_name,
        support_email: partner.customer_support_email,
        support_phone: partner.customer_support_phone,
      },
      company: {
        name: application.companyName ?? '',
        address,
        register: application.hrNumber ?? null,
        tax_id: application.taxIdNumber ?? null,
      },
      application: {
        short_id: row.short_id,
        product: isFactoring ? 'factoring' : 'loan',
        amount: isFactoring ? (application.factoring?.factoring_limit ?? null) : application.loanSize,
        currency: application.currency,
        duration_months: isFactoring ? null : application.loanDuration,
        interest_rate: Number(row.final_interest_rate),
        transaction_fee: Number(row.final_transaction_fee ?? 0),
        monthly_payment: row.final_monthly_payment === null ? null : Number(row.final_monthly_payment),
        iban: application.iban ?? null,
      },
      persons: chosen.map((p) => ({ name: [p.firstName, p.lastName].filter(Boolean).join(' '), role: role(p) })),
      date: this.ctx.clock.now(),
    });
    const document = await this.documents.storeStaffDocument(tx, {
      applicationId: row.id,
      partnerId: row.partner_id,
      documentType: kind,
      fileName: `${kind === 'loan_contract' ? 'Loan-contract' : 'Guarantee-agreement'}-${row.short_id}.pdf`,
      contentType: 'application/pdf',
      bytes,
      trusted: true,
    });
    await this.replaced(tx, staff, row, kind, document.document_id, ip);
    await audit(tx, {
      partnerId: row.partner_id,
      userId: staff.id,
      actorKind: 'staff',
      action: 'contract.generated',
      entity: 'document',
      entityId: document.document_id,
      applicationId: row.id,
      after: { kind, size_bytes: bytes.length, language },
      ip,
    });
  }

  async upload(
    tx: Db,
    staff: StaffUser,
    row: ContractCase,
    kind: ContractKind,
    fileName: string,
    bytes: Buffer,
    ip: string,
  ) {
    this.assertOpen(row);
    if (!bytes.length) throw new AppError('err_file_empty', 400);
    if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
      throw AppError.field('err_file_content_mismatch', 'file', 400);
    const document = await this.documents.storeStaffDocument(tx, {
      applicationId: row.id,
      partnerId: row.partner_id,
      documentType: kind,
      fileName,
      contentType: 'application/pdf',
      bytes,
      trusted: false,
    });
    await this.replaced(tx, staff, row, kind, document.document_id, ip);
    await audit(tx, {
      partnerId: row.partner_id,
      userId: staff.id,
      actorKind: 'staff',
      action: 'contract.uploaded',
      entity: 'document',
      entityId: document.document_id,
      applicationId: row.id,
      after: { kind, file_name: fileName, size_bytes: bytes.length },
      ip,
    });
  }

  /** A new contract may replace one that someone signed: their signature is reset (ADR 021). */
  private async replaced(
    tx: Db,
    staff: StaffUser,
    row: ContractCase,
    kind: ContractKind,
    documentId: string,
    ip: string,
  ) {
    await resetOutdatedSignatures(this.ctx, tx, row.id, {
      documentId,
      documentType: kind,
      actor: { kind: 'staff', id: staff.id, ip },
    });
  }
}
