import { Center, Spinner } from '@chakra-ui/react';

/** The whole window while the app starts; `height="full"` fills the page area inside the shell. */
export const FullPageSpinner = ({ height = '100vh' }: { height?: string }) => (
  <Center height={height} minHeight="40" bg="bg.canvas">
    <Spinner size="xl" color="brand.solid" borderWidth="3px" />
  </Center>
);
