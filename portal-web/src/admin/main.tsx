import { ApolloProvider } from '@apollo/client/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './AdminApp';
import { createAdminApolloClient } from './graphql/client';
import '../styles.css';
import './admin.css';

/** The admin portal's entry (admin.html): a bundle of its own, so members never download operator code. */
const client = createAdminApolloClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ApolloProvider client={client}>
      <AdminApp />
    </ApolloProvider>
  </StrictMode>,
);
