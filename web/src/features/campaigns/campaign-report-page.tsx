import type { ParseKeys } from 'i18next';
import { Badge, HStack, Stack, Stat, Table, Text } from '@chakra-ui/react';
import { SendRefusalReasons, type CampaignCounters } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { formatDateTime } from '../../lib/dates.js';
import { PageTitle } from '../../components/page-title.js';
import { PagedTable } from '../../components/paged-table.js';
import { useCampaignReportQuery } from './campaigns.api.js';

const Counters: (keyof CampaignCounters)[] = [
  'total',
  'sent',
  'delivered',
  'confirmationRequested',
  'confirmed',
  'failed',
  'pending',
  'optOuts',
  'replies',
];

/** Refusal reasons our side words itself (SendRefusalReasons); any other is the provider's text. */
const ownReasons: Record<string, ParseKeys<'campaigns'>> = {
  [SendRefusalReasons.outsideWindow]: 'outsideWindow',
  [SendRefusalReasons.outcomeUnknown]: 'outcomeUnknown',
};

/** /campaign/{id}/report (spec 3 §2.4): the counters and the shipping records, page by page. */
export const CampaignReportPage = () => {
  const { t, i18n } = useTranslation('campaigns');
  const id = Number(useParams().campaignId);
  const [pageNumber, setPageNumber] = useState(1);
  const { data, isFetching } = useCampaignReportQuery(
    { id, pageNumber },
    { skip: !Number.isInteger(id) || id <= 0 },
  );
  const records = data?.records ?? [];
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language, true) : '—');
  // a failed row keeps `CODE` or `CODE: the provider's reason`; the code is read in the user's words
  const errorText = (error: string | null) => {
    if (!error) return '';
    const [code = '', reason] = error.split(/: (.*)/s);
    const said = t(code, { ns: 'errors', defaultValue: code });
    if (!reason) return said;
    return `${said} (${ownReasons[reason] ? t(ownReasons[reason]) : reason})`;
  };

  return (
    <PageTitle titleKey="campaignReport">
      {data?.campaign && (
        <HStack mb="3" gap="3" wrap="wrap" data-testid="campaign-report-header">
          <Text fontWeight="semibold">{data.campaign.name}</Text>
          {data.campaign.allFailed ? (
            <Badge colorPalette="red">{t('failedStatus')}</Badge>
          ) : (
            <Badge>{t(`statuses.${data.campaign.status}`)}</Badge>
          )}
          <Text color="fg.muted">
            {data.campaign.contactList?.name ??
              (data.campaign.tag ? t('tagAudience', { name: data.campaign.tag.name }) : '')}
          </Text>
          <Text color="fg.muted">{when(data.campaign.completedAt)}</Text>
        </HStack>
      )}
      {data?.campaign?.templateName && (
        <Stack mb="3" gap="0" data-testid="campaign-report-template">
          <Text>
            {t('templateUsed', {
              name: data.campaign.templateName,
              language: data.campaign.templateLanguage ?? '',
            })}
          </Text>
          {data.campaign.templateParameters.length > 0 && (
            <Text color="fg.muted" fontSize="sm">
              {t('templateParametersUsed', { list: data.campaign.templateParameters.join(' · ') })}
            </Text>
          )}
        </Stack>
      )}
      <HStack mb="4" gap="6" wrap="wrap">
        {Counters.map((key) => (
          <Stat.Root key={key} maxW="10rem" data-testid={`counter-${key}`}>
            <Stat.Label>{t(`counters.${key}`)}</Stat.Label>
            <Stat.ValueText>{data?.counters?.[key] ?? 0}</Stat.ValueText>
          </Stat.Root>
        ))}
      </HStack>
      <PagedTable
        columns={[
          t('number'),
          t('contactName'),
          t('status'),
          t('confirmationRequestedAt'),
          t('deliveredAt'),
          t('repliedAt'),
          t('error'),
        ]}
        isEmpty={!isFetching && records.length === 0}
        emptyText={t('emptyReport')}
        fetching={isFetching}
        hasMore={data?.hasMore ?? false}
        onNextPage={() => setPageNumber((n) => n + 1)}
      >
        {records.map((record) => (
          <Table.Row key={record.id} data-testid="shipping-row">
            <Table.Cell>{record.number}</Table.Cell>
            <Table.Cell>{record.name}</Table.Cell>
            <Table.Cell>{t(`shipping.${record.status}`)}</Table.Cell>
            <Table.Cell>{when(record.confirmationRequestedAt)}</Table.Cell>
            <Table.Cell>{when(record.deliveredAt)}</Table.Cell>
            <Table.Cell data-testid="shipping-replied">
              {when(record.repliedAt)}
              {record.replyCount > 1 ? ` (${record.replyCount})` : ''}
              {/* the contact answered this campaign with an opt-out word (a skipped row says so already) */}
              {record.optedOutAt && record.status !== 'opted_out' ? ` · ${t('optedOut')}` : ''}
            </Table.Cell>
            <Table.Cell title={record.error ?? undefined}>{errorText(record.error)}</Table.Cell>
          </Table.Row>
        ))}
      </PagedTable>
    </PageTitle>
  );
};
