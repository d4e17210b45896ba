import { Center, Loader } from '@mantine/core';
import { guestText } from '../lib/guest-text';

export function FullPageLoader() {
  return (
    <Center h="100vh">
      <Loader aria-label={guestText('common.loading')} />
    </Center>
  );
}
