import type { RegisterPerson, RegisterPersonsResponse } from '@finportal/contracts/representative-register';
import { representativeName } from '@finportal/contracts/representatives';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatShare } from '../model/display';

/**
 * "Add from the register" (issue 10): the register's people of the company with their roles,
 * power of representation and share. Choosing one opens the add form prefilled; nothing is saved
 * before the customer completes and saves it. People already on the list are marked and cannot
 * be chosen.
 */
export function RegisterPersonsModal({
  register,
  opened,
  onClose,
  onChoose,
}: {
  register: RegisterPersonsResponse | undefined;
  opened: boolean;
  onClose: () => void;
  onChoose: (person: RegisterPerson) => void;
}) {
  const { t } = useTranslation(['representatives']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('representatives:register.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:close') }}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{t('representatives:register.intro')}</Text>
        <ul className="fp-reps-register-list">
          {register?.persons.map((person) => (
            <RegisterPersonRow key={person.person_id} person={person} onChoose={onChoose} />
          ))}
        </ul>
        <Group justify="flex-end">
          <Button variant="outline" onClick={onClose}>
            {t('representatives:register.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RegisterPersonRow({
  person,
  onChoose,
}: {
  person: RegisterPerson;
  onChoose: (person: RegisterPerson) => void;
}) {
  const { t, i18n } = useTranslation(['representatives']);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const name = representativeName(person);
  return (
    <li className="fp-reps-register-row">
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Text fw={600}>{name}</Text>
        <Group gap={6} wrap="wrap">
          {person.roles.map((role) => (
            <Badge key={role} variant="light" color="gray" radius="sm" tt="none">
              {t(`representatives:register.roles.${role}`)}
            </Badge>
          ))}
        </Group>
        {person.representation && (
          <Text size="sm">{t(`representatives:register.representation.${person.representation}`)}</Text>
        )}
        {person.percentage_owned !== null && (
          <Text size="sm">
            {t('representatives:register.share', { share: formatShare(person.percentage_owned, language) })}
          </Text>
        )}
      </Stack>
      {person.already_added ? (
        <Badge variant="outline" color="green" radius="sm" tt="none">
          {t('representatives:register.already_added')}
        </Badge>
      ) : (
        <Button
          size="xs"
          variant="light"
          onClick={() => onChoose(person)}
          aria-label={t('representatives:register.choose_label', { name })}
        >
          {t('representatives:register.choose')}
        </Button>
      )}
    </li>
  );
}
