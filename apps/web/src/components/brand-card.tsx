import type { ReactNode } from 'react';
import { Center, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { guestText } from '../lib/guest-text';
import { safeUrl } from '../lib/safe-url';
import { useTenantConfig } from '../lib/tenant';

/** The tenant-branded card the login and public pages sit in. */
export function BrandCard({ children, width = 440 }: { children: ReactNode; width?: number }) {
  const tenant = useTenantConfig()?.tenant;
  const name = tenant?.name ?? guestText('app.name');
  const logo = safeUrl(tenant?.login_logo);
  return (
    <Center component="main" mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={width} gap="md">
        <Stack gap={4} align="center">
          {logo ? <Image src={logo} alt={name} h={48} w="auto" fit="contain" /> : <Text fw={700} fz="xl">{name}</Text>}
          {tenant?.heading && (
            <Title order={2} fz="h3" ta="center">
              {tenant.heading}
            </Title>
          )}
          {tenant?.description && (
            <Text c="dimmed" size="sm" ta="center">
              {tenant.description}
            </Text>
          )}
        </Stack>
        <Paper withBorder shadow="sm" radius="md" p="xl">
          {children}
        </Paper>
        {tenant?.copyright_text && (
          <Text c="dimmed" size="xs" ta="center">
            {tenant.copyright_text}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
