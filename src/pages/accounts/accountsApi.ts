import { z } from "zod";
import { topUpRequestSchema, type TopUpRequest, type TopUpRequestBody, type TopUpStatus } from "../../contract/accounts";
import { ledgerEntrySchema, type LedgerEntry } from "../../contract/orders";
import { apiClient } from "../../providers/apiClient";
import { awaitingReceiptSchema, receiptSchema, type ReceiptRequest } from "../../contract/receipts";

const headers = (idempotencyKey: string) => ({ "Idempotency-Key": idempotencyKey });

/** The accounts section's calls: top-up requests, credit moved with an organisation below, its transactions, cash and cheques. */
export const accountsApi = {
  awaitingReceipts: async () => z.array(awaitingReceiptSchema).parse((await apiClient.get<{ data: unknown }>("/api/receipts/awaiting")).data.data),
  receipts: async (page: { page: number; pageSize: number }) => {
    const { data } = await apiClient.get<{ data: unknown; total: number }>("/api/receipts", { params: page });
    return { rows: z.array(receiptSchema).parse(data.data), total: data.total };
  },
  recordReceipt: async (orderId: number, body: ReceiptRequest, idempotencyKey: string) =>
    (await apiClient.post<{ data: unknown }>(`/api/orders/${orderId}/receipt`, body, { headers: headers(idempotencyKey) })).data.data,
  bounce: async (receiptId: number) => receiptSchema.parse((await apiClient.post<{ data: unknown }>(`/api/receipts/${receiptId}/bounce`, {})).data.data),
  topUps: async (query: { scope: "mine" | "below"; status?: TopUpStatus; page: number; pageSize: number }): Promise<{ rows: TopUpRequest[]; total: number }> => {
    const { data } = await apiClient.get<{ data: unknown; total: number }>("/api/top-up-requests", { params: query });
    return { rows: z.array(topUpRequestSchema).parse(data.data), total: data.total };
  },
  requestTopUp: async (body: TopUpRequestBody, idempotencyKey: string) =>
    topUpRequestSchema.parse((await apiClient.post<{ data: unknown }>("/api/top-up-requests", body, { headers: headers(idempotencyKey) })).data.data),
  approve: async (id: number, idempotencyKey: string) =>
    topUpRequestSchema.parse((await apiClient.post<{ data: unknown }>(`/api/top-up-requests/${id}/approve`, {}, { headers: headers(idempotencyKey) })).data.data),
  reject: async (id: number, reason: string) => topUpRequestSchema.parse((await apiClient.post<{ data: unknown }>(`/api/top-up-requests/${id}/reject`, { reason })).data.data),
  moveCredit: async (body: { organisationId: number; kind: "credit" | "debit"; amount: number; currency: string; reason: string }, idempotencyKey: string) =>
    (await apiClient.post<{ data: { id: number; creditUsedAfter: number } }>("/api/make-agent-transaction", body, { headers: headers(idempotencyKey) })).data.data,
  transactions: async (organisationId: number, page: { page: number; pageSize: number }): Promise<{ rows: LedgerEntry[]; total: number }> => {
    const { data } = await apiClient.get<{ data: unknown; total: number }>(`/api/get-transaction-detail-by-agent/${organisationId}`, { params: { ...page, account: "credit" } });
    return { rows: z.array(ledgerEntrySchema).parse(data.data), total: data.total };
  },
};
