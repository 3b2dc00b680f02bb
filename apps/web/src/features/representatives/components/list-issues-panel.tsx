import { isSigner, type RepresentativeListIssue } from '@finportal/contracts/representative-list-rules';
import type { Signatory } from '@finportal/contracts/representative-schemas';
import { representativeName } from '@finportal/contracts/representatives';
import { Alert, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatList } from '../../../lib/format';
import { translateErrorCode } from '../../../lib/i18n';
import { formatPercentValue } from '../model/display';

type Translate = ReturnType<typeof useTranslation>['t'];

/**
 * The list rules above the cards (spec 2 section 5 "List rules", `representativeListIssues`) in
 * plain words with the people they concern, and who still lacks details (the field rules, as the
 * cards say), or a green "the list is complete".
 */
export function ListIssuesPanel({
  issues,
  signatories,
  incomplete,
}: {
  issues: readonly RepresentativeListIssue[];
  signatories: readonly Signatory[];
  /** The people whose own details are not complete yet. */
  incomplete: readonly Signatory[];
}) {
  const { t, i18n } = useTranslation(['representatives']);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const shown = issues.filter((issue) => issue.code !== 'err_no_signatories');
  const unnamed = t('representatives:card.unnamed');
  const lacking = formatList(
    incomplete.map((person) => representativeName(person) || unnamed),
    language,
  );
  if (shown.length === 0 && incomplete.length === 0) {
    return (
      <Alert color="green" variant="light" role="status" title={t('representatives:panel.complete_title')}>
        {t('representatives:panel.complete')}
      </Alert>
    );
  }
  return (
    <Alert color="orange" variant="light" role="status" title={t('representatives:panel.title')}>
      <List size="sm" spacing={4}>
        {shown.map((issue, index) => (
          <List.Item key={`${issue.code}-${index}`}>{issueText(issue, signatories, t, language)}</List.Item>
        ))}
        {incomplete.length > 0 && (
          <List.Item>{t('representatives:panel.details_missing', { names: lacking })}</List.Item>
        )}
      </List>
    </Alert>
  );
}

function issueText(issue: RepresentativeListIssue, signatories: readonly Signatory[], t: Translate, language: string) {
  const values = issue.values ?? {};
  const percent = (key: string) => formatPercentValue(Number(values[key] ?? 0), language);
  const nameOf = (id: string) => {
    const person = signatories.find((s) => s.signatory_id === id);
    return person ? representativeName(person) || t('representatives:card.unnamed') : null;
  };
  const names = formatList(
    issue.signatoryIds.map(nameOf).filter((n): n is string => !!n),
    language,
  );
  switch (issue.code) {
    case 'err_application_signatories_sole_or_atleast_2': {
      const signer = signatories.find(isSigner);
      return signer
        ? t('representatives:panel.one_signer', { name: representativeName(signer) })
        : t('representatives:panel.no_signer');
    }
    case 'err_share_percentage_greater_then_100':
      return t('representatives:panel.shares_over', { total: percent('total'), max: percent('max') });
    case 'err_beneficial_owner_share_too_small':
      return t('representatives:panel.owner_share', {
        name: typeof values.name === 'string' ? values.name : (nameOf(issue.signatoryIds[0] ?? '') ?? ''),
        percent: percent('percent'),
        min: percent('min'),
      });
    case 'err_guarantors_share_too_small':
      return (
        <>
          {t('representatives:panel.guarantors', { total: percent('total'), min: percent('min') })}
          {names && (
            <Text span size="sm" display="block">
              {t('representatives:panel.guarantors_who', { names })}
            </Text>
          )}
        </>
      );
    default:
      return translateErrorCode(issue.code, issue.values);
  }
}
