import type { ThemeColours } from '@finportal/contracts/colour-contrast';
import { Badge, ColorInput, Grid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../../lib/format';
import { currentLanguage } from '../../../../lib/i18n';
import { isHex, normaliseHex, readabilityOf, type DraftField, type Readability } from './draft-form';
import type { DraftFormState } from './use-draft-form';

type ColourField = 'fe_theme.color_primary' | 'fe_theme.color_cta_text' | 'fe_theme.color_link';

const COLOURS: { field: ColourField; name: 'primary' | 'cta_text' | 'link' }[] = [
  { field: 'fe_theme.color_primary', name: 'primary' },
  { field: 'fe_theme.color_cta_text', name: 'cta_text' },
  { field: 'fe_theme.color_link', name: 'link' },
];

/**
 * The three theme colours with a live readability check (contracts colour-contrast.ts, the rule
 * the API applies: 4.5:1 for the button text on the primary colour and for links on white), and
 * a sample button and link in the draft's colours. `fallback`: the saved colours, shown in the
 * sample while a field holds no colour.
 */
export function ThemeFields({
  form,
  fieldProps,
  fallback,
}: {
  form: DraftFormState;
  fieldProps: (field: DraftField) => { id: string; error: string | undefined; onBlur: () => void };
  fallback: ThemeColours;
}) {
  const { t } = useTranslation(['console']);
  const theme = form.wire.fe_theme;
  const pairs = readabilityOf(theme);
  const cta = pairs.find((p) => p.pair === 'cta')!;
  const shown = (value: string, saved: string) => (isHex(value) ? value : saved);
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Stack gap="sm">
          {COLOURS.map(({ field, name }) => {
            const props = fieldProps(field);
            // The primary colour is half of the button pair: it is marked too when the pair cannot be read.
            const pairRefused = field === 'fe_theme.color_primary' && !!form.errorOf('fe_theme.color_cta_text');
            // The picker opens with the focus: above a field whose message it would otherwise cover.
            const position = props.error ? 'top-start' : 'bottom-start';
            return (
              <ColorInput
                key={field}
                {...props}
                error={props.error ?? pairRefused}
                label={t(`console:theme.${name}`)}
                description={t(`console:theme.${name}_hint`)}
                required
                withAsterisk={false}
                format="hex"
                withEyeDropper={false}
                fixOnBlur={false}
                popoverProps={{ position, transitionProps: { transition: 'fade', duration: 0 } }}
                value={form.values[field]}
                onChange={(value) => form.setValue(field, value)}
                onBlur={() => {
                  const typed = form.values[field];
                  if (normaliseHex(typed) !== typed && isHex(normaliseHex(typed))) {
                    form.setValue(field, normaliseHex(typed));
                  }
                  props.onBlur();
                }}
              />
            );
          })}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Stack gap="sm">
          <div className="fp-console-readability" data-testid="readability">
            <Text fw={700} size="sm" mb={4}>
              {t('console:theme.readability')}
            </Text>
            <ul className="fp-console-pairs">
              {pairs.map((pair) => (
                <ReadabilityRow key={pair.pair} pair={pair} />
              ))}
            </ul>
          </div>
          <div className="fp-console-sample" data-testid="theme-sample">
            <Text size="xs" c="dimmed" mb={6}>
              {t('console:theme.sample')}
            </Text>
            <span
              className="fp-console-sample-button"
              style={{
                background: shown(theme.color_primary, fallback.color_primary),
                color: shown(theme.color_cta_text, fallback.color_cta_text),
              }}
              data-readable={cta.readable}
            >
              {t('console:theme.sample_button')}
            </span>
            <span className="fp-console-sample-link" style={{ color: shown(theme.color_link, fallback.color_link) }}>
              {t('console:theme.sample_link')}
            </span>
          </div>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function ReadabilityRow({ pair }: { pair: Readability }) {
  const { t } = useTranslation(['console']);
  const language = currentLanguage();
  const ratio = (n: number) => formatNumber(n, language, { maximumFractionDigits: 2 });
  return (
    <li className="fp-console-pair" data-testid={`readability-${pair.pair}`}>
      <span>
        {t(`console:theme.pair_${pair.pair}`)}:{' '}
        <strong>
          {pair.ratio === null
            ? t('console:theme.no_colour')
            : t('console:theme.ratio', { ratio: ratio(pair.ratio), required: ratio(pair.required) })}
        </strong>
      </span>
      <Badge variant="light" color={pair.readable ? 'green' : 'red'} tt="none" className="fp-console-badge">
        {pair.readable ? t('console:theme.readable') : t('console:theme.unreadable')}
      </Badge>
    </li>
  );
}
