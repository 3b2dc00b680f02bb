import { Text } from '@mantine/core';

/**
 * The unit (%, a currency code, "years") drawn at the right end of a text input: spread the result
 * into the input's props. Wide enough for the unit, at least `minWidth` pixels.
 */
export function unitSection(unit: string | undefined, minWidth = 36) {
  return {
    rightSection: unit ? (
      <Text size="sm" c="gray.7" pr={8} aria-hidden="true">
        {unit}
      </Text>
    ) : undefined,
    rightSectionWidth: unit ? Math.max(minWidth, unit.length * 9 + 16) : undefined,
    rightSectionPointerEvents: 'none' as const,
  };
}
