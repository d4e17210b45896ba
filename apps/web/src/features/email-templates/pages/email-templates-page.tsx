import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type EmailTemplateResource, emailTemplateCategories } from '@app/contracts';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { adminLinks } from '../../../lib/paths';
import { useEmailTemplates } from '../email-templates-queries';

function StateBadge({ template }: { template: EmailTemplateResource }) {
  const { t } = useTranslation();
  if (!template.customized) return <Badge variant="light" color="gray">{t('email_templates.built_in')}</Badge>;
  return template.active ? <Badge color="green">{t('email_templates.customized')}</Badge> : <Badge color="yellow">{t('email_templates.inactive')}</Badge>;
}

/** Admin area → email templates: every mail the product sends from a template, by category. */
export function EmailTemplatesPage() {
  const { t } = useTranslation();
  const templates = useEmailTemplates();
  return (
    <>
      <PageHeader title={t('email_templates.title')} description={t('email_templates.description')} />
      <QueryState isPending={templates.isPending} error={templates.error} onRetry={() => void templates.refetch()}>
        <Stack gap="xl">
          {emailTemplateCategories.map((category) => (
            <section key={category} aria-labelledby={`templates-${category}`}>
              <Title order={2} size="h4" mb="sm" id={`templates-${category}`}>
                {t(`email_templates.categories.${category}`)}
              </Title>
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                {templates.data
                  ?.filter((template) => template.category === category)
                  .map((template) => (
                    <Card key={template.id} withBorder padding="md">
                      <Group justify="space-between" wrap="nowrap" mb={4}>
                        <Anchor component={Link} to={adminLinks.emailTemplateEdit(template.id)} fw={600}>
                          {template.name}
                        </Anchor>
                        <StateBadge template={template} />
                      </Group>
                      <Text size="sm" c="dimmed">
                        {template.description}
                      </Text>
                      <Text size="sm" mt="xs">
                        {t('email_templates.subject_is', { subject: template.subject })}
                      </Text>
                    </Card>
                  ))}
              </SimpleGrid>
            </section>
          ))}
        </Stack>
      </QueryState>
    </>
  );
}
