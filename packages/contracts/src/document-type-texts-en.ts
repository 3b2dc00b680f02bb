import type { DocumentType, DocumentTypeLanguageTexts } from './document-rules.js';

/** The document types' texts in English (document-type-texts.ts). */
export const DOCUMENT_TYPE_TEXTS_EN: Record<DocumentType, DocumentTypeLanguageTexts> = {
  annual_statement_2020: {
    name: 'Annual financial statement 2020',
    description:
      'Please upload your annual financial statement for the 2020 financial year, with balance sheet and profit and loss account.',
    tooltip_description:
      'This is the complete annual financial statement for the 2020 financial year: balance sheet, profit and loss account and, where prepared, the notes. You usually receive it from your tax adviser or auditor.',
  },
  annual_statement_2021: {
    name: 'Annual financial statement 2021',
    description:
      'Please upload your annual financial statement for the 2021 financial year, with balance sheet and profit and loss account.',
    tooltip_description:
      'This is the complete annual financial statement for the 2021 financial year: balance sheet, profit and loss account and, where prepared, the notes. You usually receive it from your tax adviser or auditor.',
  },
  annual_statement_2022: {
    name: 'Annual financial statement 2022',
    description:
      'Please upload your annual financial statement for the 2022 financial year, with balance sheet and profit and loss account.',
    tooltip_description:
      'This is the complete annual financial statement for the 2022 financial year: balance sheet, profit and loss account and, where prepared, the notes. You usually receive it from your tax adviser or auditor.',
  },
  annual_statement_2023: {
    name: 'Annual financial statement 2023',
    description:
      'Please upload your annual financial statement for the 2023 financial year, with balance sheet and profit and loss account.',
    tooltip_description:
      'This is the complete annual financial statement for the 2023 financial year: balance sheet, profit and loss account and, where prepared, the notes. You usually receive it from your tax adviser or auditor.',
  },
  annual_statement_2024: {
    name: 'Annual financial statement 2024',
    description:
      'Please upload your annual financial statement for the 2024 financial year, with balance sheet and profit and loss account.',
    tooltip_description:
      'This is the complete annual financial statement for the 2024 financial year: balance sheet, profit and loss account and, where prepared, the notes. You usually receive it from your tax adviser or auditor.',
  },
  bwa: {
    name: 'BWA (business management evaluation)',
    description:
      'Please upload your current BWA (business management evaluation), the monthly management report from your bookkeeping.',
    tooltip_description:
      'The BWA is the regular evaluation of your bookkeeping showing revenue, costs and the provisional result; it is usually produced monthly in DATEV or by your tax adviser. Please upload the latest BWA with the cumulative figures for the current year, ideally with a comparison to the previous year.',
  },
  susa: {
    name: 'SuSa (trial balance)',
    description: 'Please upload your current SuSa (trial balance).',
    tooltip_description:
      'The trial balance (Summen- und Saldenliste) lists all general ledger accounts of your bookkeeping with their totals and balances. You can get it from DATEV or from your tax adviser, usually for the same reporting date as the BWA.',
  },
  bwa_susa: {
    name: 'BWA with SuSa',
    description: 'Please upload your current BWA together with the trial balance (SuSa) for the same reporting date.',
    tooltip_description:
      'The BWA (business management evaluation) shows revenue, costs and the provisional result; the SuSa (trial balance) shows the balances of all accounts in your bookkeeping. You can get both from DATEV or from your tax adviser, ideally with the cumulative figures for the current year.',
  },
  debt_register: {
    name: 'Debt register extract',
    description: 'Please upload a current extract from the debt register (Schuldnerverzeichnis).',
    tooltip_description:
      'The extract shows whether there are any entries in the debt register for you or your company. In Germany, you can request it from the central enforcement court of your federal state or via the joint enforcement portal of the federal states (Vollstreckungsportal).',
  },
  bank_statement: {
    name: 'Bank statement',
    description: 'Please upload the account statements of your business account.',
    tooltip_description:
      'We need the complete statements of your business account with all transactions, usually for the last three months. If you have several business accounts, please upload the statements of all of them. You can download them from your online banking or get them from your bank.',
  },
  business_plan: {
    name: 'Business plan',
    description: 'Please upload your business plan for the project to be financed.',
    tooltip_description:
      'The business plan describes your company or project, the market and competition, the organisation and your projected figures (revenue, cost and liquidity planning). It is particularly important for start-ups, takeovers and larger investments.',
  },
  investment_cost_plan: {
    name: 'Investment and cost plan',
    description: 'Please upload an overview of the planned investments and costs of your project.',
    tooltip_description:
      'List all planned purchases and costs with their amounts, for example purchase price, conversion work, equipment, stock and start-up costs. Quotes or cost estimates on which the amounts are based make the assessment easier.',
  },
  invoice_samples: {
    name: 'Sample invoices',
    description: 'Please upload a few examples of invoices you have issued to your customers.',
    tooltip_description:
      'The samples show how you invoice: the layout of your invoices, payment periods and payment terms. Please choose recent outgoing invoices to different customers.',
  },
  open_items_list: {
    name: 'List of open receivables and payables',
    description: 'Please upload a current list of your open items with receivables and payables.',
    tooltip_description:
      'The open items list shows all invoices that have not yet been paid: receivables from your customers (debtors) and payables to your suppliers (creditors), each with amount and due date. You can get it from your accounting software, from DATEV or from your tax adviser.',
  },
  tax_assessment_notice: {
    name: 'Tax assessment notice',
    description: 'Please upload your most recent tax assessment notice from the tax office.',
    tooltip_description:
      'This is the notice from the tax office setting the tax due, for example the income tax or corporation tax assessment notice. Please upload the complete notice with all pages and explanations.',
  },
  debtor_list: {
    name: 'List of debtors',
    description: 'Please upload a list of your customers (debtors) with open invoices.',
    tooltip_description:
      'For factoring, we need for each customer the name and address, the open invoices with amount and due date and, if possible, your annual revenue with that customer. You can usually export the list from your accounting or merchandise management system.',
  },
  signed_cv: {
    name: 'Signed CV',
    description: 'Please upload your current, signed CV.',
    tooltip_description:
      'The CV should show your career, qualifications and experience in the industry and bear a date and your signature. If there are several shareholders or managing directors, please upload a CV for each of them.',
  },
  licence_to_practise: {
    name: 'Licence to practise',
    description:
      'Please upload your licence to practise (Approbation) or another authorisation to practise your profession.',
    tooltip_description:
      'This is the certificate by which the competent state authority granted you your licence to practise, for example in medicine, dentistry, veterinary medicine, pharmacy or psychotherapy. For a practice treating patients with statutory health insurance, please also upload your admission to statutory health insurance practice (Kassenzulassung), if you have one.',
  },
  specialist_certification: {
    name: 'Specialist certification',
    description: 'Please upload your certificate of recognition as a medical specialist (Facharzturkunde).',
    tooltip_description:
      'The certificate is issued by the competent state medical association (Landesärztekammer) after you have passed the specialist examination. For dentists, the corresponding certificate from the state dental association applies.',
  },
  brokerage_contract: {
    name: 'Brokerage contract',
    description: 'Please upload your brokerage or agency contract.',
    tooltip_description:
      'This is the contract with the broker or agent who arranges this financing or the property or business you are acquiring, including the agreed commission. Please upload the complete contract with all annexes.',
  },
  monthly_service_fee_contract: {
    name: 'Monthly service fee contract',
    description: 'Please upload the contract that sets out monthly service fees.',
    tooltip_description:
      'This is a contract for services paid for by a regular monthly fee, for example maintenance, support, software subscriptions or billing services. The key points are the contracting parties, the amount of the monthly fee, the term and the notice periods.',
  },
  sales_offer_file: {
    name: 'Sales offer',
    description:
      'Please upload the sales exposé or sales offer for the company, practice or property you wish to acquire.',
    tooltip_description:
      'The exposé is provided by the seller or a broker and usually contains a description, key figures, the asking price and details of the location and equipment. It helps to assess the purchase price and the project.',
  },
  gdpr_consent: {
    name: 'GDPR consent',
    description: 'Please upload your signed data protection consent form.',
    tooltip_description:
      'With this consent, you agree under the General Data Protection Regulation (GDPR) that your data and documents may be processed for your financing application as described in the form. If a template is provided, please fill it in, sign it and upload it.',
  },
  interim_statement: {
    name: 'Interim financial statement',
    description: 'Please upload an interim financial statement for the current financial year.',
    tooltip_description:
      'An interim financial statement is a statement with balance sheet and profit and loss account prepared for a date within the current financial year, for example the end of a quarter or half-year. You can get it from your tax adviser.',
  },
  income_expense_statement_2022: {
    name: 'Income and expenditure statement 2022',
    description: 'Please upload your income and expenditure statement (Einnahmen-Überschuss-Rechnung, EÜR) for 2022.',
    tooltip_description:
      'The EÜR calculates profit from business income and business expenses and takes the place of the annual financial statement for freelancers and small businesses that are not required to prepare a balance sheet. You usually receive it from your tax adviser, often as the EÜR form (Anlage EÜR) submitted with the tax return.',
  },
  income_expense_statement_2023: {
    name: 'Income and expenditure statement 2023',
    description: 'Please upload your income and expenditure statement (Einnahmen-Überschuss-Rechnung, EÜR) for 2023.',
    tooltip_description:
      'The EÜR calculates profit from business income and business expenses and takes the place of the annual financial statement for freelancers and small businesses that are not required to prepare a balance sheet. You usually receive it from your tax adviser, often as the EÜR form (Anlage EÜR) submitted with the tax return.',
  },
  income_expense_statement_2024: {
    name: 'Income and expenditure statement 2024',
    description: 'Please upload your income and expenditure statement (Einnahmen-Überschuss-Rechnung, EÜR) for 2024.',
    tooltip_description:
      'The EÜR calculates profit from business income and business expenses and takes the place of the annual financial statement for freelancers and small businesses that are not required to prepare a balance sheet. You usually receive it from your tax adviser, often as the EÜR form (Anlage EÜR) submitted with the tax return.',
  },
  draft_takeover_agreement: {
    name: 'Draft takeover agreement',
    description:
      'Please upload the draft purchase or takeover agreement for the practice or company you wish to take over.',
    tooltip_description:
      'The agreement usually sets out the purchase price, the assets, the customer or patient base and the contracts taken over, the transfer date and the payment terms. The current draft is sufficient; it does not need to be signed yet.',
  },
  supplier_invoice: {
    name: 'Supplier invoice',
    description: 'Please upload the supplier’s invoice or quote for the item to be financed.',
    tooltip_description:
      'The invoice or binding quote should show the supplier, an exact description of the item (for example a machine, vehicle or equipment), the price and the delivery terms. If several items are financed, please upload all related invoices or quotes.',
  },
  general_terms_documents: {
    name: 'General terms and conditions',
    description: 'Please upload the general terms and conditions you use with your customers.',
    tooltip_description:
      'The terms and conditions show on which conditions you deliver and invoice, for example payment terms, retention of title, warranty and any prohibition of assignment. They are particularly important for factoring because they govern your receivables from your customers.',
  },
  loan_contract: {
    name: 'Loan contract',
    description: 'The loan contract we prepared for you to sign.',
    tooltip_description:
      'Your advisor provides the loan contract with the agreed terms. Please read it carefully; you sign it in the Signatures tab.',
  },
  guarantor_contract: {
    name: 'Guarantee agreement',
    description: 'The guarantee agreement for the guarantors of your loan.',
    tooltip_description:
      'The guarantors of your company sign this agreement. It states the guarantee they give for the loan.',
  },
  guarantor_contract_signed: {
    name: 'Signed guarantee agreement',
    description: 'The guarantee agreement you signed on paper, scanned or photographed.',
    tooltip_description:
      'Download the guarantee agreement, sign it by hand and upload the scan or a clearly legible photo as PDF, JPG or PNG.',
  },
  other: {
    name: 'Other documents',
    description: 'Here you can upload any further documents your advisor has asked for.',
    tooltip_description:
      'This is for documents that do not match any other document type, for example contracts, certificates or explanations relating to your application. Please name the files so that their content is clear.',
  },
};
