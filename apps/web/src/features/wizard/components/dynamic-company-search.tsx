import type { CompanySearchResult } from '@finportal/contracts/company-search';
import type { FieldUi } from '@finportal/contracts/dynamic-forms';
import type { ComponentProps } from 'react';
import { useConfig } from '../../../lib/config';
import { QueryProvider } from '../../../lib/query-provider';
import { pickedCompany, type PickedCompany } from '../model/dynamic-company';
import { CompanySearch } from './company-search';

type Props = Omit<ComponentProps<typeof CompanySearch>, 'onPick'> & {
  /** Every field of the form (a picked company fills those it has, on any step). */
  formFields: FieldUi[];
  onPick: (picked: PickedCompany) => void;
};

/**
 * The company search of a dynamic step, loaded with the first step that has one (dynamic-field.tsx):
 * with TanStack Query, which the search uses and the step page does not provide, and what a picked
 * company fills in the form.
 */
export function DynamicCompanySearch({ formFields, onPick, ...props }: Props) {
  const config = useConfig();
  const pick = (result: CompanySearchResult) => onPick(pickedCompany(result, formFields, config, props.country));
  return (
    <QueryProvider>
      <CompanySearch {...props} onPick={pick} />
    </QueryProvider>
  );
}
