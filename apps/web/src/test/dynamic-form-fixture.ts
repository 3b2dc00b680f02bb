import type { DynamicFormConfig } from '@finportal/contracts/dynamic-forms';

/** A dynamic application form with every ui_type (shaped like the `alpen` partner's). */
export function buildDynamicForm(): DynamicFormConfig {
  const financing = {
    id: 'financing',
    title: { de: 'Finanzierung', en: 'Financing' },
    fields: [
      {
        id: 'allBanksLoanPurpose',
        ui_type: 'loan_types',
        label: { de: 'Finanzierungsart', en: 'Type of financing' },
        validation: [{ kind: 'required' }],
      },
      {
        id: 'loanSize',
        ui_type: 'loan_amount',
        unit: 'currency',
        label: { de: 'Betrag', en: 'Amount' },
        min: 15000,
        max: 500000,
        step: 5000,
        validation: [{ kind: 'required' }],
      },
      {
        id: 'loanDuration',
        ui_type: 'loan_duration',
        unit: 'years',
        label: { de: 'Laufzeit in Jahren', en: 'Duration in years' },
        min: 1,
        max: 5,
        step: 1,
        validation: [{ kind: 'required' }],
      },
      {
        id: 'purposeSelect',
        ui_type: 'loan_purposes',
        label: { de: 'Verwendungszweck', en: 'Purpose' },
        validation: [{ kind: 'required' }],
      },
    ],
  };
  const company = {
    id: 'company',
    title: { de: 'Unternehmen', en: 'Company' },
    fields: [
      {
        id: 'companyCountry',
        ui_type: 'countries_list',
        label: { de: 'Land', en: 'Country' },
        validation: [{ kind: 'required' }],
      },
      {
        id: 'companyName',
        ui_type: 'company_name_search',
        label: { de: 'Firmenname', en: 'Company name' },
        validation: [{ kind: 'required' }, { kind: 'minLength', value: 4 }],
      },
      {
        id: 'companyType',
        ui_type: 'company_types',
        label: { de: 'Rechtsform', en: 'Legal form' },
        validation: [{ kind: 'required' }],
      },
      {
        id: 'companyPostCode',
        ui_type: 'input',
        label: { de: 'Postleitzahl', en: 'Postcode' },
        validation: [{ kind: 'required' }, { kind: 'regex', value: '^[0-9]{4,5}$' }],
      },
      {
        id: 'foundation_date',
        ui_type: 'date',
        date_format: 'DD.MM.YYYY',
        label: { de: 'Gründungsdatum', en: 'Date of foundation' },
        placeholder: { de: 'TT.MM.JJJJ', en: 'DD.MM.YYYY' },
        validation: [{ kind: 'required' }, { kind: 'date_to', value: 'today' }],
      },
    ],
  };
  const details = {
    id: 'details',
    title: { de: 'Angaben', en: 'Details' },
    fields: [
      {
        id: 'equity_ratio',
        ui_type: 'input_number',
        unit: 'percent',
        label: { de: 'Eigenkapitalquote in %', en: 'Equity ratio in %' },
        validation: [
          { kind: 'min', value: 0 },
          { kind: 'max', value: 100 },
        ],
      },
      {
        id: 'industry',
        ui_type: 'select',
        label: { de: 'Branche', en: 'Industry' },
        options: [
          { value: 'trade', label: { de: 'Handel', en: 'Trade' } },
          { value: 'services', label: { de: 'Dienstleistungen' } },
        ],
        validation: [{ kind: 'required' }],
      },
      {
        id: 'existing_leasing',
        ui_type: 'radio',
        label: { de: 'Bestehen Leasingverträge?' },
        options: [
          { value: 'true', label: { de: 'Ja', en: 'Yes' } },
          { value: 'false', label: { de: 'Nein', en: 'No' } },
        ],
        validation: [{ kind: 'required' }],
      },
      {
        id: 'purposeDescription',
        ui_type: 'textarea',
        label: { de: 'Ihr Vorhaben', en: 'Your project' },
        validation: [{ kind: 'maxLength', value: 700 }],
      },
      {
        id: 'consent_credit_check',
        ui_type: 'checkbox',
        label: { de: 'Ich willige in die Bonitätsprüfung ein.', en: 'I agree to the credit check.' },
        validation: [
          {
            kind: 'required',
            message: { de: 'Ohne Einwilligung kein Angebot.', en: 'Without your consent we cannot make an offer.' },
          },
        ],
      },
    ],
  };
  const steps = [financing, company, details];
  const fieldIds = steps.flatMap((s) => s.fields.map((f) => f.id));
  return {
    ui_config: { loan_purposes: { working_capital_loan: { steps } } },
    definitions: {
      fields: [
        { id: 'allBanksLoanPurpose', field_type: 'standard', value_type: 'text', scope: 'application' },
        { id: 'loanSize', field_type: 'standard', value_type: 'int', scope: 'application' },
        { id: 'loanDuration', field_type: 'standard', value_type: 'int', scope: 'application' },
        { id: 'purposeSelect', field_type: 'standard', value_type: 'text', scope: 'application' },
        { id: 'companyCountry', field_type: 'standard', value_type: 'text', scope: 'application' },
        { id: 'companyName', field_type: 'standard', value_type: 'text', scope: 'application' },
        { id: 'companyType', field_type: 'standard', value_type: 'text', scope: 'application' },
        { id: 'companyPostCode', field_type: 'standard', value_type: 'text', scope: 'application' },
        { id: 'foundation_date', field_type: 'standard', value_type: 'date', scope: 'application' },
        { id: 'purposeDescription', field_type: 'standard', value_type: 'text', scope: 'application' },
        { id: 'equity_ratio', field_type: 'custom', value_type: 'decimal', scope: 'company' },
        { id: 'industry', field_type: 'custom', value_type: 'text', scope: 'company' },
        { id: 'existing_leasing', field_type: 'custom', value_type: 'boolean', scope: 'application' },
        { id: 'consent_credit_check', field_type: 'custom', value_type: 'boolean', scope: 'application' },
      ],
      loan_purposes: [{ name: 'working_capital_loan', fields: fieldIds, currencies: ['EUR', 'CHF'] }],
    },
  } as DynamicFormConfig;
}
