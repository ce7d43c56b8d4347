import type { ApiRoute } from "@/server/http/api-route";
import { createUser } from "./create-user";
import { createUsersBatch } from "./create-users-batch";
import { deleteUser } from "./delete-user";
import { getUser } from "./get-user";
import { listUsers } from "./list-users";
import { updateUser } from "./update-user";
import { updateUserById } from "./update-user-by-id";

/** The /v1/users routes; /v1/users/batch before /v1/users/:id. */
export const userRoutes: ApiRoute[] = [createUser, listUsers, updateUser, createUsersBatch, getUser, updateUserById, deleteUser];
