import { Heading, IconButton, Input, InputGroup, Stack, Table, Text } from '@chakra-ui/react';
import type { OptOutRecord } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuSearch, LuTrash2 } from 'react-icons/lu';
import { formatDateTime } from '../../lib/dates.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { usePagedList } from '../../components/paged-search.js';
import { PagedTable } from '../../components/paged-table.js';
import { notify, toastError } from '../../components/toaster.js';
import { useOptOutPageQuery, useRemoveOptOutMutation } from './campaigns.api.js';

/**
 * The numbers that answered an opt-out word (issue 17), searched by digits, newest first. Removing
 * one lets campaigns message it again, for a contact who asked to hear from the company again.
 */
export const OptOutsSection = () => {
  const { t, i18n } = useTranslation('campaigns');
  const list = usePagedList(
    useOptOutPageQuery,
    {},
    { rowsOf: (page) => page.records, normalise: (text) => text.replace(/\D/g, '') },
  );
  const [remove, removing] = useRemoveOptOutMutation();
  const [toRemove, setToRemove] = useState<OptOutRecord | null>(null);

  const confirmRemove = async () => {
    if (!toRemove) return;
    try {
      await remove({ number: toRemove.number, searchParam: list.searchParam }).unwrap();
      notify.success(t('optOuts.removed', { number: toRemove.number }));
    } catch (error) {
      toastError(error);
    }
    setToRemove(null);
  };

  return (
    <Stack gap="3" mt="8" as="section" aria-labelledby="opt-outs-heading">
      <Heading as="h2" size="md" id="opt-outs-heading">
        {t('optOuts.title')}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {t('optOuts.help')}
      </Text>
      <InputGroup startElement={<LuSearch />} maxW="sm">
        <Input
          inputMode="tel"
          placeholder={t('optOuts.search')}
          aria-label={t('optOuts.search')}
          value={list.searchBox.search}
          onChange={(e) => list.searchBox.onSearch(e.target.value)}
        />
      </InputGroup>
      <PagedTable
        columns={[t('optOuts.number'), t('optOuts.when'), t('optOuts.campaign'), t('actions')]}
        emptyText={t('optOuts.empty')}
        {...list.table}
      >
        {list.rows.map((record) => (
          <Table.Row key={record.number} data-testid="opt-out-row">
            <Table.Cell>{record.number}</Table.Cell>
            <Table.Cell>{formatDateTime(record.optedOutAt, i18n.language)}</Table.Cell>
            <Table.Cell>{record.campaignName ?? '—'}</Table.Cell>
            <Table.Cell textAlign="end">
              <IconButton
                size="xs"
                variant="ghost"
                colorPalette="red"
                aria-label={t('optOuts.remove', { number: record.number })}
                onClick={() => setToRemove(record)}
              >
                <LuTrash2 />
              </IconButton>
            </Table.Cell>
          </Table.Row>
        ))}
      </PagedTable>
      <ConfirmDialog
        open={toRemove !== null}
        title={t('optOuts.removeTitle', { number: toRemove?.number ?? '' })}
        busy={removing.isLoading}
        confirmLabel={t('optOuts.confirm')}
        onConfirm={() => void confirmRemove()}
        onClose={() => setToRemove(null)}
      >
        {t('optOuts.removeWarning')}
      </ConfirmDialog>
    </Stack>
  );
};
