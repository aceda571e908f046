import { Center, Spinner } from '@chakra-ui/react';

export const FullPageSpinner = () => (
  <Center height="100vh" bg="bg.canvas">
    <Spinner size="xl" color="brand.solid" borderWidth="3px" />
  </Center>
);
